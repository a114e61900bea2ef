import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeVersionsPlugin } from './build/localeVersions.ts';
import { precompressPlugin } from './build/precompress.ts';

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
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1024 },
});
