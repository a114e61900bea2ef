import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { BodyCode } from '../../src/contract/envelope';
import { ApiError } from './apiError';

/** The client address as the limits count it (the plugin's own default): an IPv6 client holds a whole /64. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A route's `config.rateLimit`: `max` calls a minute per key (default: the client address).
 * Counted in preHandler, after the body is parsed (a key may name the account). Each hit gets
 * back its own count from the shared store (server/http/rateLimitStore.ts), so a concurrent
 * burst is refused only beyond `max`, whichever instances it reaches.
 */
export const perMinute = (max: number, keyGenerator?: (request: FastifyRequest) => string) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  ...(keyGenerator ? { keyGenerator } : {}),
});

/**
 * A limit that counts failures only (failed sign-ins per client address): the people behind one
 * address who sign in successfully never use it up. A handler calls `check` first and `fail` on
 * each failure. Requests of a burst all pass `check` before any failure is counted, so `fail`
 * withholds the verdict beyond `max` (a 429 instead of "wrong password") and the caller checks
 * again before answering a success: past `max`, no answer tells a right guess from a wrong one.
 * Refusals are 429 envelopes with `Retry-After`, as the plugin's own.
 */
export function failureLimit(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: string; keyGenerator: (request: FastifyRequest) => string },
) {
  const { name, ...limit } = options;
  // The shared store tells limiters without a route apart by this name (server/http/rateLimitStore.ts).
  const limiter = app.createRateLimit({ ...limit, limiterName: name } as typeof limit);
  const refusal = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('Retry-After', retryAfterSeconds);
    return new ApiError(BodyCode.tooManyRequests, 'api.tooManyRequests');
  };
  return {
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) throw refusal(reply, state.ttlInSeconds);
    },
    async fail(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw refusal(reply, state.ttlInSeconds);
    },
  };
}
