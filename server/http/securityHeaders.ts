import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './apiUrl';

/** A policy of its own (uploaded images are sandboxed) is kept; everything else gets this one. */
const DEFAULT_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/**
 * Headers on every answer. A console whose clicks approve money movements must never run
 * inside another site's frame (clickjacking: X-Frame-Options and frame-ancestors); files
 * are not sniffed into another type; URLs (which may carry an invitation code) do not leak
 * to other sites as referrers; and API answers, which carry balances and sessions, are
 * never stored by the browser or a proxy.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', DEFAULT_CSP);
    if (isApiUrl(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
