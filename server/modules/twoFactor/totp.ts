import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Custody Console';

const totpOf = (secret: string, account = '') => new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI the console shows as a QR code. */
export const otpauthUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/**
 * The time step `code` belongs to, or null. One step either side is accepted: the phone's clock
 * and the server's differ by seconds, and a code typed at the end of its step arrives in the next.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** Whether a typed code is a TOTP (six digits) rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
