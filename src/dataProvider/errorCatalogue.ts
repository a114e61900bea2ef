/**
 * The error table of docs/console.md as a pure function: what went wrong with a call → the
 * message key the toast shows, and whether it ends the session.
 */
export type CallFailure =
  /** Our own timer aborted the call (REQUEST_TIMEOUT_MS). */
  | { kind: 'timeout' }
  /** fetch rejected with a TypeError: DNS, refused connection, CORS, offline. */
  | { kind: 'network' }
  /** fetch failed for any other reason, so there is no response to read. */
  | { kind: 'no-response' }
  /** HTTP 200 whose body is not an envelope (e.g. an HTML page from a proxy). */
  | { kind: 'invalid-body' }
  /** HTTP status other than 200; `msg` is the envelope's, when the body has one. */
  | { kind: 'http'; status: number; msg?: string }
  /** HTTP 200 with an envelope whose `code` is not 200 (business errors, docs/api.md "Body codes"). */
  | { kind: 'business'; code: number; msg?: string };

export const ErrorKey = {
  requestTimeout: 'errors.request-timeout',
  networkConnectFailed: 'errors.network-connect-failed',
  serverError: 'errors.server-error',
  notFound: 'errors.not-found',
  noPermission: 'errors.no-permission',
  loginExpired: 'errors.login-expired',
  requestFailed: 'errors.request-failed',
} as const;

const keyByStatus: Record<number, string> = {
  500: ErrorKey.serverError,
  404: ErrorKey.notFound,
  403: ErrorKey.noPermission,
  401: ErrorKey.loginExpired,
};

const present = (msg: string | undefined): msg is string => typeof msg === 'string' && msg.trim() !== '';

/**
 * The translation key (or the server's own `msg`, itself a key or a sentence per
 * docs/api.md) to show for a failure.
 */
export function messageKeyOf(failure: CallFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return ErrorKey.requestTimeout;
    case 'network':
      return ErrorKey.networkConnectFailed;
    case 'no-response':
    case 'invalid-body':
      return ErrorKey.requestFailed;
    case 'http':
      // The fixed rows of the table win over whatever a proxy or the server wrote.
      return keyByStatus[failure.status] ?? (present(failure.msg) ? failure.msg : ErrorKey.requestFailed);
    case 'business':
      // A business error is the server speaking: its msg is the message.
      return present(failure.msg) ? failure.msg : (keyByStatus[failure.code] ?? ErrorKey.requestFailed);
  }
}

/** The status a rejected call carries: the body code for business errors, else the HTTP status (0 without a response). */
export function statusOf(failure: CallFailure): number {
  switch (failure.kind) {
    case 'http':
      return failure.status;
    case 'business':
      return failure.code;
    default:
      return 0;
  }
}

/** 401 and 403, as HTTP status or body code, end the session: clear the token, go to /login. */
export function endsSession(failure: CallFailure): boolean {
  const status = statusOf(failure);
  return status === 401 || status === 403;
}
