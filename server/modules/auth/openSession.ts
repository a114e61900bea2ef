import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { hashSessionToken, newSessionToken } from '../../credentials/sessionToken';

/**
 * Starts a session for the user (login, signup): stores the token's hash and returns the token once.
 * `codeAcceptedAt`: when a sign-in accepted a second-factor code for it; the session starts stepped
 * up from then (docs/DECISIONS.md "Two-factor authentication and step-up"), as if that code had been
 * typed into the step-up dialog.
 */
export async function openSession(
  context: ServerContext,
  userId: number,
  request: FastifyRequest,
  codeAcceptedAt: Date | null = null,
): Promise<string> {
  const token = newSessionToken();
  const now = context.now();
  await context.db
    .insertInto('session')
    .values({
      tokenHash: hashSessionToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + context.config.sessionTtlHours * 3_600_000),
      revokedAt: null,
      userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
      stepUpAt: codeAcceptedAt,
    })
    .execute();
  return token;
}
