import { randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;

/** 12 random characters (60 bits): guessing one among the open codes is hopeless, and signup is rate-limited. */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** XXXX-XXXX-XXXX, the way codes are shown and handed out. */
export const formatInvitationCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * What those who may not issue codes see (the agent's employees): enough to tell codes apart
 * and match one read out on the phone, not enough to redeem it.
 */
export const maskInvitationCode = (code: string) => `••••-••••-${code.slice(-4)}`;
