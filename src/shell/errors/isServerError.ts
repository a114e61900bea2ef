/**
 * Whether a rejected call is the server's fault: the HTTP client rejects with an HttpError
 * whose `status` is the HTTP status, or the body code when HTTP said 200 (docs/console.md), so a
 * 5xx in either place counts. Network failures and time-outs carry 0: the server never
 * answered, so they are not shown as its error.
 */
export function isServerError(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 500;
}
