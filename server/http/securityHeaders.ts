import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './apiUrl';

/**
 * The console's Content-Security-Policy (docs/DECISIONS.md "Content-Security-Policy"). The session
 * token lives in localStorage (docs/console.md), so any script that runs on this origin could take it: only
 * our own files run — no inline script, no eval, nothing from another host. Styles may be inline
 * (MUI's emotion writes <style> tags; a style cannot read storage). Images may come from anywhere
 * (a brand logo may be an https URL) but cannot run. A policy of its own (uploaded images are
 * sandboxed) is kept; everything else gets this one.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONSOLE_CSP);
    if (isApiUrl(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
