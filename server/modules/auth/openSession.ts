import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { hashSessionToken, newSessionToken } from './sessionToken';

/** Starts a session for the user (login, signup): stores the token's hash and returns the token once. */
export async function openSession(context: ServerContext, userId: number, request: FastifyRequest): Promise<string> {
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
    })
    .execute();
  return token;
}
