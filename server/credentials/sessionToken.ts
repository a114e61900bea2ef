import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 32 random bytes, base64url. Only their sha256 is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const isWellFormedToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
