import Fastify, { type FastifyInstance } from 'fastify';
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
 * The headers are written when the request arrives; a route that sets its own
 * Content-Security-Policy (an uploaded image's sandbox) replaces the console's, because headers a
 * reply sets win over those written before.
 *
 * @fastify/helmet builds helmet's middleware again on every request (its options merged, the CSP
 * string joined): the headers are the same each time, so helmet computes them once here, on a
 * probe, and each request only copies them (docs/SCALING.md "The request path").
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.entries(await helmetHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** What @fastify/helmet writes with our options, read once from a throw-away Fastify instance. */
async function helmetHeaders(): Promise<Record<string, string | number | string[]>> {
  const probe = Fastify();
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
    // Require-corp would block a brand logo on another host (img-src *), which sends no CORP header.
    crossOriginEmbedderPolicy: false,
  });
  // Before the answer is written, the raw response holds only what helmet set.
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).json();
  } finally {
    await probe.close();
  }
}
