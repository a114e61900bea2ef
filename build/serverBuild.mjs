import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start` runs the server compiled into one plain JavaScript file, not through tsx
 * (docs/DECISIONS.md "Starting in seconds"). Plain JavaScript because it runs before anything
 * could compile it. The build is redone whenever what it is made from changed, decided by a
 * fingerprint of the inputs' names, sizes and modification times (a directory walk, no file
 * read): never stale code, and a start where nothing changed costs milliseconds.
 */

/** What the compiled start is made from: every source the server may import, the start itself, the locked dependencies. */
export const SERVER_INPUTS = [
  'server',
  'src',
  'build/start.ts',
  'build/buildIfChanged.ts',
  'build/serverBuild.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
export const SERVER_OUT_DIR = '.server-build';
/** `npm start`'s file (the console's build check, then the API) and the API alone (server/main.ts). */
export const SERVER_ENTRY = 'start.mjs';
export const API_ENTRY = 'main.mjs';
const STAMP_FILE = 'inputs';

function statsUnder(root, entry, lines) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    const stat = fs.statSync(full);
    lines.push(`${entry}\0${stat.size}\0${stat.mtimeMs}`);
    return;
  }
  for (const dirent of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    const file = path.join(dirent.parentPath, dirent.name);
    const stat = fs.statSync(file);
    lines.push(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}`);
  }
}

/**
 * The inputs' fingerprint: the checkout's own path (the build names its source files by absolute
 * path), then each input file's name, size and modification time. A file added, removed, edited
 * or touched changes it; nothing is opened.
 */
export function inputsFingerprint(root, inputs = SERVER_INPUTS) {
  const lines = [path.resolve(root)];
  for (const entry of inputs) statsUnder(root, entry, lines);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** True when the compiled start exists and was made from the inputs as they are now. */
export function serverBuildIsCurrent(root, outDir = path.join(root, SERVER_OUT_DIR), inputs = SERVER_INPUTS) {
  const stamp = path.join(outDir, STAMP_FILE);
  if (![SERVER_ENTRY, API_ENTRY, STAMP_FILE].every((file) => fs.existsSync(path.join(outDir, file)))) return false;
  return fs.readFileSync(stamp, 'utf8') === inputsFingerprint(root, inputs);
}

const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

/**
 * The modules that find files beside them at run time (migrations, declared resources, module files) become
 * static imports of the same files, in the same order, with the same check; every other module
 * keeps its own path in `import.meta`, so what it reads beside itself (artifacts, package.json,
 * the Safe contracts through require) is found as under tsx.
 */
function sourcePathsPlugin(root) {
  const migrationsIndex = path.join(root, 'server/db/migrations/index.ts');
  const discover = path.join(root, 'server/modules/declared/discover.ts');
  const moduleFiles = path.join(root, 'server/modules/moduleFiles.ts');
  const resources = path.join(root, 'src/resources');
  const at = (file) => JSON.stringify(file);
  return {
    name: 'source-paths',
    setup(build) {
      // A declaration's views (`() => import('./View')`, React files) are the console's: the server reads the
      // declaration but never loads one, so none of them (nor the console-only modules they import: the locale
      // loader, stylesheets) is compiled into its bundle; a call would throw.
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.startsWith(path.join(root, 'src') + path.sep)) return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        const view = [file, `${file}.tsx`].find((f) => f.endsWith('.tsx') && fs.existsSync(f));
        return view ? { path: view, namespace: 'console-view' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'console-view' }, (args) => ({
        loader: 'js',
        contents: `throw new Error(${at(`${path.relative(root, args.path)} is a console view: the server never loads it`)});`,
      }));
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        if (args.path === migrationsIndex) {
          const folder = path.dirname(migrationsIndex);
          const names = fs
            .readdirSync(folder)
            .map((file) => MIGRATION_FILE.exec(file)?.[1])
            .filter((name) => name !== undefined)
            .sort();
          return {
            loader: 'ts',
            contents: [
              ...names.map((name, i) => `import * as m${i} from ${at(path.join(folder, `${name}.ts`))};`),
              `export const migrations = { ${names.map((name, i) => `${JSON.stringify(name)}: m${i}`).join(', ')} };`,
            ].join('\n'),
          };
        }
        if (args.path === discover) {
          const files = fs
            .readdirSync(resources)
            .sort()
            .map((name) => path.join(resources, name, 'resource.ts'))
            .filter((file) => fs.existsSync(file));
          return {
            loader: 'ts',
            contents: [
              `import { checkSelfContained } from ${at(path.join(root, 'src/resources/engine/checkDeclaration.ts'))};`,
              ...files.map((file, i) => `import d${i} from ${at(file)};`),
              `const found = [${files.map((file, i) => `[d${i}, ${at(path.relative(root, file))}]`).join(', ')}];`,
              'for (const [declaration, file] of found) checkSelfContained(declaration, file);',
              'export const declaredResources = found.map(([declaration]) => declaration);',
            ].join('\n'),
          };
        }
        if (args.path === moduleFiles) {
          const modules = path.dirname(moduleFiles);
          const folders = fs
            .readdirSync(modules)
            .filter((name) => fs.statSync(path.join(modules, name)).isDirectory())
            .sort();
          const files = folders.flatMap((folder) =>
            ['routes', 'service']
              .filter((name) => fs.existsSync(path.join(modules, folder, `${name}.ts`)))
              .map((name) => `${folder}/${name}`),
          );
          return {
            loader: 'ts',
            contents: [
              // Imported when asked for, as under tsx: modules import each other in cycles.
              `const files = { ${files.map((file) => `${JSON.stringify(file)}: () => import(${at(path.join(modules, `${file}.ts`))})`).join(', ')} };`,
              `export function moduleFolders() { return ${JSON.stringify(folders)}; }`,
              'export async function importModuleFile(folder, name) { return files[`${folder}/${name}`]?.(); }',
            ].join('\n'),
          };
        }
        const source = fs.readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        return {
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
          contents: source
            .replaceAll('import.meta.url', at(pathToFileURL(args.path).href))
            .replaceAll('import.meta.dirname', at(path.dirname(args.path)))
            .replaceAll('import.meta.filename', at(args.path)),
        };
      });
    },
  };
}

/** Compiles `build/start.ts` and `server/main.ts` into one file each; packages stay in node_modules. */
export async function buildServer(root, outDir = path.join(root, SERVER_OUT_DIR)) {
  // Loaded only to build: a start with a current build never imports esbuild.
  const esbuild = await import('esbuild');
  const fingerprint = inputsFingerprint(root);
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { start: path.join(root, 'build/start.ts'), main: path.join(root, 'server/main.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    // A package that is CommonJS inside calls require: give the bundle one, as tsx's loader does.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourcePathsPlugin(root)],
  });
  // The fingerprint taken before compiling: a file edited during the build makes the next start build again.
  fs.writeFileSync(path.join(outDir, STAMP_FILE), fingerprint);
}

/** The compiled start's path, built first when it is missing or stale; says which. */
export async function ensureServerBuilt(root) {
  const outDir = path.join(root, SERVER_OUT_DIR);
  const entry = path.join(outDir, SERVER_ENTRY);
  if (serverBuildIsCurrent(root, outDir)) return { entry, outcome: 'up to date' };
  await buildServer(root, outDir);
  return { entry, outcome: 'built' };
}
