import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isApiUrl } from './apiUrl';
import { isHashedAsset } from './hashedAsset';

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
 * What a hashed chunk, stylesheet or versioned translation file keeps: nosniff (a file is only
 * ever run as its own type), Cross-Origin-Resource-Policy (another site cannot load it) and the
 * Referrer-Policy (a stylesheet's own requests follow it). The rest governs a document — what it
 * may run, whether it may be framed, its opener, HTTPS for the host — and a script or stylesheet
 * is never one: each document (index.html, every API answer) carries them, so ~0.9 KB per file
 * repeated on every chunk of a first load bought nothing (docs/DECISIONS.md "Security headers on
 * documents, not on every file").
 */
const SUBRESOURCE_ONLY = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * Headers on every document (pages and API answers), by @fastify/helmet (docs/DECISIONS.md "Security headers"). A console
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
  const { document, subresource } = await probeSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isHashedAsset(request.url) ? subresource : document) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

type HeaderList = Array<[string, string | number | string[]]>;

let probed: ReturnType<typeof helmetHeaders> | undefined;

/**
 * The headers, probed once a process: the options are constants, so every app built in it (tests build
 * many) copies the same lists. `buildApp` asks for them first, so the probe runs while the database
 * opens instead of after it (docs/DECISIONS.md "Restart to ready").
 */
export function probeSecurityHeaders(): ReturnType<typeof helmetHeaders> {
  probed ??= helmetHeaders();
  return probed;
}

/**
 * What @fastify/helmet writes with our options, for a document and for a hashed file, read once
 * from a throw-away Fastify instance.
 */
async function helmetHeaders(): Promise<{ document: HeaderList; subresource: HeaderList }> {
  const probe = Fastify();
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
    // Require-corp would block a brand logo on another host (img-src *), which sends no CORP header.
    crossOriginEmbedderPolicy: false,
    // Applied per probe request: a document's full set, or a hashed file's few.
    global: false,
  });
  // Before the answer is written, the raw response holds only what helmet set.
  probe.get('/document', async (_request, reply) => {
    await reply.helmet();
    return reply.raw.getHeaders();
  });
  probe.get('/subresource', async (_request, reply) => {
    await reply.helmet(SUBRESOURCE_ONLY);
    return reply.raw.getHeaders();
  });
  try {
    const read = async (url: string) =>
      Object.entries((await probe.inject({ method: 'GET', url })).json<Record<string, string | number | string[]>>());
    return { document: await read('/document'), subresource: await read('/subresource') };
  } finally {
    await probe.close();
  }
}
