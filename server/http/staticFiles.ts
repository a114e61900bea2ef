import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './apiUrl';
import { BodyCode } from '../../src/contract/envelope';
import type { Messages } from './messages';
import { isCheckoutPage } from '../../src/contract/checkoutPages';

export interface StaticOptions {
  /** Built console (vite build output); skipped when it does not exist. */
  staticDir?: string;
  localesDir: string;
}

/**
 * Serves translations and the built console (uploaded images: server/modules/brand/uploads.ts); every other
 * GET that is not an API call gets index.html so browser-history routes survive a reload, except the
 * payer's pages (`/pay/<code>`, `/checkout/<code>`), which get checkout.html, their own entry
 * without the console (docs/payments.md "The checkout pages").
 */
export async function serveStatic(app: FastifyInstance, options: StaticOptions, messages: Messages): Promise<void> {
  // Versioned (?v=hash) translation files never change under the same URL.
  await app.register(fastifyStatic, {
    root: options.localesDir,
    prefix: '/locales/',
    decorateReply: false,
    // @fastify/static 10 hands setHeaders the Fastify reply, not the raw ServerResponse.
    setHeaders: (reply) => {
      const versioned = reply.request.url.includes('?v=');
      reply.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = options.staticDir ? path.join(options.staticDir, 'index.html') : undefined;
  const hasConsole = indexHtml !== undefined && fs.existsSync(indexHtml);
  const checkoutHtml = options.staticDir ? path.join(options.staticDir, 'checkout.html') : undefined;
  const hasCheckout = checkoutHtml !== undefined && fs.existsSync(checkoutHtml);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: options.staticDir!,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (build/precompress.ts), sent as they are to a browser that takes them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite's hashed chunks are immutable; anything else must be revalidated.
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = isApiUrl(url);
    if (
      !isApi &&
      request.method === 'GET' &&
      hasConsole &&
      !url.startsWith('/locales/') &&
      !url.startsWith('/uploads/') &&
      !path.extname(url)
    ) {
      const page = hasCheckout && isCheckoutPage(url) ? checkoutHtml! : indexHtml!;
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(page));
    }
    const t = messages.translator(request.headers['accept-language']);
    const status = isApi ? 200 : 404;
    return reply.status(status).send({ code: BodyCode.notFound, msg: t('api.routeNotFound', { method: request.method, url }), data: null });
  });
}
