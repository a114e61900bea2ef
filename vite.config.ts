import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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

/** zod's core module, where it reads its global config (`globalThis.__zod_globalConfig`). */
const ZOD_CORE = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), localeVersionsPlugin('public/locales'), precompressPlugin()],
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
      output: {
        // zod probes for eval (`Function('')`, a CSP violation: docs/DECISIONS.md "Content-Security-Policy")
        // the first time an object schema is built, unless its global config says `jitless`. The
        // contract's schemas are built when their chunk is evaluated, which may come before main.tsx's
        // body; the chunk holding zod's core sets the config itself, before zod's code runs.
        banner: (chunk) => (chunk.moduleIds.some((id) => ZOD_CORE.test(id)) ? 'globalThis.__zod_globalConfig ??= { jitless: true };' : ''),
        codeSplitting: {
          groups: [
            // What the start-up (and so /login) loads from packages: one file instead of ~40.
            { name: 'start-vendor', test: /node_modules/, tags: ['$initial'], priority: 4 },
            // The rest of react-admin, MUI and their own dependencies: one file the console loads, instead of
            // ~90 small shared chunks before the first screen shows. Screens keep their own chunks.
            { name: 'console-vendor', test: CONSOLE_VENDOR, priority: 3 },
            // The console's own small modules the start-up also uses: one file with the start-up, not ~30.
            { name: 'start', test: APP_SOURCE, tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
