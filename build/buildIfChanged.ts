import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareInputs, inputFiles } from './inputStamp.mjs';

/**
 * `npm start`'s first step: builds the console only when what it is built from changed
 * since the last build (a rebuild takes seconds on every start otherwise). The stamp in the
 * build folder keeps each input's size, time and hash; `npm run build` always builds (and,
 * emptying dist/, makes the next start build again).
 */

/** What the console is built from: its sources, public files, entry page, build setup and locked dependencies. */
export const BUILD_INPUTS = ['src', 'public', 'build', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/** The files of build/ that only start the server: a change to them is no reason to build the console. */
export const NOT_CONSOLE_INPUTS = [
  'build/buildIfChanged.ts',
  'build/inputStamp.d.mts',
  'build/inputStamp.mjs',
  'build/launch.mjs',
  'build/serverBuild.d.mts',
  'build/serverBuild.mjs',
  'build/start.ts',
];
export const STAMP_FILE = '.build-inputs';

export interface BuildIfChangedOptions {
  root: string;
  outDir: string;
  build: () => Promise<void>;
  inputs?: string[];
}

/**
 * Builds when dist/ is missing or was built from other inputs; says which it did. The stamp keeps each
 * input's size, time and contents hash (build/inputStamp.mjs): equal sizes and times mean nothing to
 * read, and only the files whose times moved are read again.
 */
export async function buildIfChanged({
  root,
  outDir,
  build,
  inputs = BUILD_INPUTS,
}: BuildIfChangedOptions): Promise<'built' | 'up to date'> {
  const stampFile = path.join(outDir, STAMP_FILE);
  const previous =
    fs.existsSync(path.join(outDir, 'index.html')) && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : undefined;
  // Taken before building: a file edited during the build makes the next start build again.
  const { changed, restated, stamp } = compareInputs(root, inputFiles(root, inputs, NOT_CONSOLE_INPUTS), previous);
  if (changed) await build();
  if (changed || restated) fs.writeFileSync(stampFile, stamp);
  return changed ? 'built' : 'up to date';
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
