import { createHash, randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U to misread on paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_COUNT = 10;

/** A code as printed: `XXXXX-XXXXX`, 50 random bits. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** The stored form: case, spaces and dashes forgiven, then sha256 (the codes are random, no slow hash needed). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('base64url');
