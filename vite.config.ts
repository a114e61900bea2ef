import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { localeVersionsPlugin } from './build/localeVersions.ts';
import { precompressPlugin } from './build/precompress.ts';

/**
 * Measured, not guessed (docs/console.md "The first load"): Rolldown's automatic splitting cut the
 * shared code of the lazy screens into ~240 chunks, 139 of them on /multisig's first load.
 */
const CONSOLE_VENDOR =
  /node_modules[\\/](ra-core|ra-ui-materialui|react-admin|ra-i18n-i18next|@tanstack|react-hook-form|@hookform|react-router|react-router-dom|lodash|inflection|query-string|jsonexport|react-error-boundary|react-dropzone|@mui|@emotion|clsx|dompurify|date-fns|react-is|autosuggest-highlight|css-mediaquery)[\\/]/;

/** The console's own modules (not a package's `src/`). */
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));
const APP_SOURCE = (id: string) => id.startsWith(SRC_DIR);

/**
 * The payer's checkout pages (docs/payments.md "The checkout pages"): their own modules and every module of
 * src/ they import (type-only imports aside), read from the sources. Kept out of the console's `start`
 * file, so the checkout loads neither the sign-in nor the start-up.
 */
const CHECKOUT_DIR = `${SRC_DIR}checkout/`;
const CONSOLE_ENTRY = `${SRC_DIR}main.tsx`;
/** Imported first by the entry; a chunk of its own, so it runs before the start-up's packages (docs/console.md "The first load"). */
const EARLY_CONSOLE = `${SRC_DIR}startup/earlyConsole.ts`;
const checkoutModules = staticImports(`${CHECKOUT_DIR}main.tsx`);

function staticImports(entry: string): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/^import\s+(?!type\s)[^'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const base = path.resolve(path.dirname(file), specifier);
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
      );
      if (resolved) visit(resolved);
    }
  };
  visit(entry);
  return found;
}

/** zod's core module, where it reads its global config (`globalThis.__zod_globalConfig`). */
const ZOD_CORE = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * Packages the payer's pages load at start and /login does not (docs/payments.md "The checkout pages"): kept out
 * of the start-up's file, so /login carries neither the checkout's wallet encoding and QR code nor
 * react-query (group `query`, shared with the console).
 */
const CHECKOUT_ONLY = /node_modules[\\/](viem|ox|abitype|@noble|@scure|qrcode\.react|@tanstack)[\\/]/;

/**
 * The development server answers the payer's pages with checkout.html, as the server does
 * (server/http/staticFiles.ts; the paths are src/contract/checkoutPages.ts's, which this file cannot import).
 */
const CHECKOUT_PAGE = /^\/(pay|checkout)\/[^/]+/;
const checkoutPages = (): Plugin => ({
  name: 'checkout-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && CHECKOUT_PAGE.test(request.url)) request.url = '/checkout.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), localeVersionsPlugin('public/locales'), precompressPlugin(), checkoutPages()],
  // i18next-http-backend requires cross-fetch only where there is no `window`; left to the
  // bundler, its ponyfill would ship to every browser (its own browser build ignores it too).
  resolve: { alias: { 'cross-fetch': fileURLToPath(new URL('./build/browserFetch.ts', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget, '/uploads': apiTarget },
  },
  // The manifest lets the bench compute what /login loads before it is interactive.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // The console, and the payer's checkout pages: an entry of their own (docs/DECISIONS.md "The checkout is an entry of its own").
      input: { index: 'index.html', checkout: 'checkout.html' },
      output: {
        // zod probes for eval (`Function('')`, a CSP violation: docs/DECISIONS.md "Content-Security-Policy")
        // the first time an object schema is built, unless its global config says `jitless`. The
        // contract's schemas are built when their chunk is evaluated, which may come before main.tsx's
        // body; the chunk holding zod's core sets the config itself, before zod's code runs.
        banner: (chunk) => (chunk.moduleIds.some((id) => ZOD_CORE.test(id)) ? 'globalThis.__zod_globalConfig ??= { jitless: true };' : ''),
        codeSplitting: {
          groups: [
            // Requests the console's code before the start-up's packages run: no imports, so nothing evaluates before it.
            { name: 'early', test: (id: string) => id === EARLY_CONSOLE, priority: 6 },
            // react-query, the console's and the checkout's, in a file of its own that /login does not load.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 5, includeDependenciesRecursively: false },
            // What the start-up (and so /login) loads from packages: one file instead of ~40.
            // The checkout's own packages are not in it (the checkout loads it, never console-vendor).
            {
              name: 'start-vendor',
              test: (id: string) => /node_modules/.test(id) && !CHECKOUT_ONLY.test(id),
              tags: ['$initial'],
              priority: 4,
            },
            // The rest of react-admin, MUI and their own dependencies: one file the console loads, instead of
            // ~90 small shared chunks before the first screen shows. Screens keep their own chunks.
            { name: 'console-vendor', test: CONSOLE_VENDOR, priority: 3 },
            // The console's own small modules the start-up also uses: one file with the start-up, not ~30.
            // Not the checkout's modules (the payer's pages never load the sign-in's code), nor the entry
            // module itself: with two entries, a group holding it leaves index.html without its own chunk.
            {
              name: 'start',
              test: (id: string) => APP_SOURCE(id) && id !== CONSOLE_ENTRY && id !== EARLY_CONSOLE && !checkoutModules.has(id),
              tags: ['$initial'],
              priority: 2,
              // Its modules' imports stay where their own group puts them (the shared ones in start-shared).
              includeDependenciesRecursively: false,
            },
            // The console's modules the checkout uses too (contract, i18n, brand): one file both load.
            {
              name: 'start-shared',
              test: (id: string) => checkoutModules.has(id) && !id.startsWith(CHECKOUT_DIR),
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
