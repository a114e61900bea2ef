/**
 * Whether an error means the database could not be reached or refused more work for now (docs/
 * DECISIONS.md "Database faults"), as opposed to a fault in the request or in our code. Such
 * a request is answered 503 in the envelope, and start-up waits and tries again.
 */

/** PostgreSQL's SQLSTATEs of a connection lost, a server shutting down or full, a statement cancelled for time. */
const UNAVAILABLE_STATES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '57014', // query_canceled (statement_timeout)
  '3D000', // invalid_catalog_name: the database is not there (yet)
]);

/** Node's socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** node-postgres says these in words only (no code): a socket that closed, a pool wait that ran out. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection (is )?closed/i,
  /cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  if (error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause)) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
