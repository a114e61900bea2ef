/**
 * The checkout's countdown to an order's expiry (docs/payments.md "The checkout pages"), on the server's clock:
 * the payer's own clock may be minutes off, so the time left is the expiry less the server's `now`
 * of the last answer, less what the payer's clock says passed since that answer arrived.
 */
export function remainingMs(expiresAt: string | null, serverNow: string, receivedAt: number, localNow: number): number | null {
  if (expiresAt === null) return null;
  const left = Date.parse(expiresAt) - Date.parse(serverNow) - (localNow - receivedAt);
  return Math.max(0, left);
}

/** "mm:ss", or "h:mm:ss" from an hour up: what the countdown shows. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
