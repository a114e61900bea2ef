import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isApiUrl } from './apiUrl';

/**
 * The console's Content-Security-Policy (docs/DECISIONS.md "Content-Security-Policy"). The session
 * token lives in localStorage (docs/console.md), so any script that runs on this origin could take it: only
 * our own files run — no inline script, no eval, nothing from another host. Styles may be inline
 * (MUI's emotion writes <style> tags; a style cannot read storage). Images may come from anywhere
 * (a brand logo may be an https URL) but cannot run. A policy of its own (uploaded images are
 * sandboxed) is kept; everything else gets this one.
 */
export const CONSOLE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ['*', 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Headers on every answer, by @fastify/helmet (docs/DECISIONS.md "Security headers"). A console
 * whose clicks approve money movements must never run inside another site's frame
 * (clickjacking: X-Frame-Options and frame-ancestors); files are not sniffed into another type;
 * URLs (which may carry an invitation code) do not leak to other sites as referrers; browsers
 * keep to HTTPS for a year once they have seen it; and API answers, which carry balances and
 * sessions, are never stored by the browser or a proxy.
 *
 * Helmet writes its headers when the request arrives; a route that sets its own
 * Content-Security-Policy (an uploaded image's sandbox) replaces the console's, because headers a
 * reply sets win over those written before.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
    // Require-corp would block a brand logo on another host (img-src *), which sends no CORP header.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
