import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`'s first step: builds the console only when what it is built from changed
 * since the last build (a rebuild takes seconds on every start otherwise). The inputs'
 * contents are hashed and the hash kept in the build folder; `npm run build` always builds
 * (and, emptying dist/, makes the next start build again).
 */

/** What the console is built from: its sources, public files, entry page, build setup and locked dependencies. */
export const BUILD_INPUTS = ['src', 'public', 'build', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const STAMP_FILE = '.build-inputs';

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)));
}

export function inputsHash(root: string, inputs = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((entry) => filesUnder(root, entry)).sort()) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

export interface BuildIfChangedOptions {
  root: string;
  outDir: string;
  build: () => Promise<void>;
  inputs?: string[];
}

/** Builds when dist/ is missing or was built from other inputs; says which it did. */
export async function buildIfChanged({ root, outDir, build, inputs }: BuildIfChangedOptions): Promise<'built' | 'up to date'> {
  const stamp = path.join(outDir, STAMP_FILE);
  const current = inputsHash(root, inputs);
  const built = fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : null;
  if (built === current) return 'up to date';
  await build();
  fs.writeFileSync(stamp, current);
  return 'built';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(import.meta.dirname, '..');
  const outcome = await buildIfChanged({
    root,
    outDir: path.join(root, 'dist'),
    build: async () => {
      // Loaded only when needed: importing vite alone costs a second or two.
      const { build } = await import('vite');
      await build({ root, logLevel: 'warn' });
    },
  });
  console.log(outcome === 'built' ? 'Console built into dist/.' : 'Console build is up to date (dist/): not rebuilt.');
}
