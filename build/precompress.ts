import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What compresses well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Brotli (.br, quality 11) and gzip (.gz, level 9) copies of a folder's compressible files,
 * written once at build time so the server sends them as they are (docs/DECISIONS.md
 * "Compression and caching"). A copy is kept only when it is smaller.
 */
export function precompressFolder(folder: string): Array<{ file: string; raw: number; br?: number; gz?: number }> {
  const written: Array<{ file: string; raw: number; br?: number; gz?: number }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.test(entry.name)) {
        const raw = fs.readFileSync(full);
        if (raw.length < MIN_BYTES) continue;
        const result: { file: string; raw: number; br?: number; gz?: number } = { file: path.relative(folder, full), raw: raw.length };
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (br.length < raw.length) {
          fs.writeFileSync(`${full}.br`, br);
          result.br = br.length;
        }
        const gz = gzipSync(raw, { level: 9 });
        if (gz.length < raw.length) {
          fs.writeFileSync(`${full}.gz`, gz);
          result.gz = gz.length;
        }
        written.push(result);
      }
    }
  };
  walk(folder);
  return written;
}

/** The Vite plugin: precompresses the build's output once it is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'custody-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
