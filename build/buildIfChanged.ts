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
  for (const file of inputFiles(root, inputs)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const inputFiles = (root: string, inputs: string[]) => inputs.flatMap((entry) => filesUnder(root, entry)).sort();

/**
 * The inputs' names, sizes and modification times: read without opening a file, so a start
 * where nothing was touched costs a directory walk, not a read of every source. A change of
 * these alone (a checkout that rewrote files with the same contents) is settled by the hash.
 */
function inputsStat(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    const stat = fs.statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

export interface BuildIfChangedOptions {
  root: string;
  outDir: string;
  build: () => Promise<void>;
  inputs?: string[];
}

/**
 * Builds when dist/ is missing or was built from other inputs; says which it did. The stamp keeps
 * the contents' hash and the files' sizes and times: equal times mean nothing to read at all.
 */
export async function buildIfChanged({
  root,
  outDir,
  build,
  inputs = BUILD_INPUTS,
}: BuildIfChangedOptions): Promise<'built' | 'up to date'> {
  const stamp = path.join(outDir, STAMP_FILE);
  const [builtHash, builtStat] =
    fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').split('\n') : [];
  const stat = inputsStat(root, inputs);
  if (builtStat !== undefined && builtStat === stat) return 'up to date';
  const current = inputsHash(root, inputs);
  if (builtHash !== current) await build();
  fs.writeFileSync(stamp, `${current}\n${inputsStat(root, inputs)}`);
  return builtHash === current ? 'up to date' : 'built';
}

/** `npm start`'s first step, said in one line: the console in dist/ is built from what is there now. */
export async function ensureConsoleBuilt(root: string): Promise<void> {
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

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await ensureConsoleBuilt(path.resolve(import.meta.dirname, '..'));
}
