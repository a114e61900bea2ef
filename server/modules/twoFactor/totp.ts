import { Secret, TOTP } from 'otpauth';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** The authenticator entry's name when the platform has no brand name (docs/DECISIONS.md "Authenticator entry"). */
export const FALLBACK_ISSUER = 'Custody Console';

const totpOf = (secret: string, account = '', issuer = FALLBACK_ISSUER) =>
  new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/**
 * The issuer an authenticator app names the entry by: the brand's name, so a user with several
 * accounts recognises this one. Key URI format: no colon in the issuer (it separates issuer and
 * account in the label).
 */
export const issuerOf = (brandName: string): string => brandName.replace(/:/g, ' ').replace(/\s+/g, ' ').trim() || FALLBACK_ISSUER;

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI the console shows as a QR code, its entry named by `issuer` (see issuerOf). */
export const otpauthUri = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

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
