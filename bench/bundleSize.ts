import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip sizes from `dist/` (after `vite build`), read through Vite's manifest: the
 * JavaScript and CSS the /login page needs before it is interactive (the entry, its
 * static imports, and the login screen's chunk with its static imports), and the
 * largest lazily loaded screen chunk.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

export interface BundleFigures {
  loginCriticalKb: number;
  loginFiles: number;
  largestScreen: { name: string; kb: number };
  totalJsKb: number;
}

export function measureBundle(): BundleFigures {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const login = Object.keys(manifest).find((k) => /LoginPage/.test(k));
  if (!entry || !login) throw new Error('manifest has no entry or no login chunk: run `vite build` first');
  const critical = staticClosure(manifest, [entry, login]);
  const files = new Set<string>();
  for (const key of critical) {
    files.add(manifest[key].file);
    manifest[key].css?.forEach((css) => files.add(css));
  }
  const loginBytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);

  // A screen's cost on first visit: its own chunk (shared chunks are counted once, on their own).
  const screens = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'));
  const largest = screens
    .map(([key, c]) => ({ name: key, kb: gzipBytes(c.file) / 1024 }))
    .sort((a, b) => b.kb - a.kb)[0] ?? { name: 'none', kb: 0 };
  const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const totalJs = allJs.reduce((sum, f) => sum + gzipBytes(path.join('assets', f)), 0);
  return { loginCriticalKb: loginBytes / 1024, loginFiles: files.size, largestScreen: largest, totalJsKb: totalJs / 1024 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = measureBundle();
  console.log(`login critical path: ${f.loginCriticalKb.toFixed(1)} KB gzip in ${f.loginFiles} files (budget 250 KB)`);
  console.log(`largest screen chunk: ${f.largestScreen.kb.toFixed(1)} KB gzip (${f.largestScreen.name}; budget 60 KB)`);
  console.log(`all JavaScript: ${f.totalJsKb.toFixed(1)} KB gzip`);
}
