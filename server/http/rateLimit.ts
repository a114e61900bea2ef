import type { FastifyRequest } from 'fastify';

/**
 * A route's `config.rateLimit`: `max` calls a minute per key (default: the client address).
 * Counted in preHandler, after the body is parsed (a key may name the account) and because
 * @fastify/rate-limit's memory store hands back its live counter and reads it after an await:
 * on the default onRequest hook a concurrent burst read the burst's final count and was
 * refused whole instead of only beyond `max`.
 */
export const perMinute = (max: number, keyGenerator?: (request: FastifyRequest) => string) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  ...(keyGenerator ? { keyGenerator } : {}),
});
