import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip sizes from `dist/` (after `vite build`), read through Vite's manifest: the
 * JavaScript and CSS the /login page needs before it is interactive (the entry with
 * its static imports: the sign-in page is part of it), and the
 * largest lazily loaded screen chunk.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');

/** The manifest keys `keys` load before running: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

export const LOGIN_BUDGET_KB = 250;
export const SCREEN_BUDGET_KB = 60;

export interface BundleFigures {
  loginCriticalKb: number;
  loginFiles: number;
  /** What signing in adds: the console chunk (react-admin) with its static imports, less what /login loaded. */
  consoleKb: number;
  largestScreen: { name: string; kb: number };
  /** Lazily loaded chunks above SCREEN_BUDGET_KB. */
  screensOverBudget: { name: string; kb: number }[];
  totalJsKb: number;
  /** The /login files as the server sends them to a browser that takes brotli (the build's .br copies). */
  loginWireKb: number;
  loginRawKb: number;
}

export const readManifest = (dist = path.join(root, 'dist')): Manifest =>
  JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

export function measureBundle(dist = path.join(root, 'dist')): BundleFigures {
  const gzipBytes = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const manifest = readManifest(dist);
  // The console's entry (checkout.html is the payer's pages' own, docs/payments.md "The checkout pages").
  const entry = Object.keys(manifest).find((k) => k === 'index.html' && manifest[k].isEntry);
  if (!entry) throw new Error('manifest has no entry: run `vite build` first');
  // The sign-in page is part of the entry; were it ever split off, its chunk counts too.
  const login = Object.keys(manifest).filter((k) => /LoginPage/.test(k));
  const critical = staticClosure(manifest, [entry, ...login]);
  const files = new Set<string>();
  for (const key of critical) {
    files.add(manifest[key].file);
    manifest[key].css?.forEach((css) => files.add(css));
  }
  const loginBytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
  const rawBytes = (file: string) => fs.statSync(path.join(dist, file)).size;
  const wireBytes = (file: string) =>
    fs.existsSync(path.join(dist, `${file}.br`)) ? fs.statSync(path.join(dist, `${file}.br`)).size : rawBytes(file);
  const loginRaw = [...files].reduce((sum, file) => sum + rawBytes(file), 0);
  const loginWire = [...files].reduce((sum, file) => sum + wireBytes(file), 0);
  const consoleKey = Object.keys(manifest).find((k) => /(^|\/)Console\.tsx$/.test(k));
  const consoleFiles = new Set<string>();
  for (const key of consoleKey ? staticClosure(manifest, [consoleKey]) : []) {
    if (critical.has(key)) continue;
    consoleFiles.add(manifest[key].file);
    manifest[key].css?.forEach((css) => !files.has(css) && consoleFiles.add(css));
  }
  const consoleBytes = [...consoleFiles].reduce((sum, file) => sum + gzipBytes(file), 0);

  // A screen's cost on first visit: its own chunk (shared chunks are counted once, on their own).
  const screens = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'));
  const screenSizes = screens.map(([key, c]) => ({ name: key, kb: gzipBytes(c.file) / 1024 })).sort((a, b) => b.kb - a.kb);
  const largest = screenSizes[0] ?? { name: 'none', kb: 0 };
  const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const totalJs = allJs.reduce((sum, f) => sum + gzipBytes(path.join('assets', f)), 0);
  return {
    loginCriticalKb: loginBytes / 1024,
    loginFiles: files.size,
    consoleKb: consoleBytes / 1024,
    largestScreen: largest,
    screensOverBudget: screenSizes.filter((s) => s.kb > SCREEN_BUDGET_KB),
    totalJsKb: totalJs / 1024,
    loginWireKb: loginWire / 1024,
    loginRawKb: loginRaw / 1024,
  };
}

/** The figures as the bench prints them, one line each. */
export function bundleReport(f: BundleFigures): string[] {
  const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
  return [
    `login critical path: ${f.loginCriticalKb.toFixed(1)} KB gzip (JS + CSS, ${f.loginFiles} files; budget ${LOGIN_BUDGET_KB} KB: ${verdict(f.loginCriticalKb <= LOGIN_BUDGET_KB)})`,
    `console loaded after sign-in: ${f.consoleKb.toFixed(1)} KB gzip more (react-admin and the shell)`,
    `largest screen chunk: ${f.largestScreen.kb.toFixed(1)} KB gzip (${f.largestScreen.name}; budget ${SCREEN_BUDGET_KB} KB: ${verdict(f.screensOverBudget.length === 0)})`,
    `all JavaScript: ${f.totalJsKb.toFixed(1)} KB gzip`,
    `login files on the wire: ${f.loginWireKb.toFixed(1)} KB as sent (precompressed brotli) for ${f.loginRawKb.toFixed(1)} KB uncompressed`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of bundleReport(measureBundle(process.argv[2]))) console.log(line);
}
