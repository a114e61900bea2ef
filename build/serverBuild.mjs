import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareInputs, inputFiles } from './inputStamp.mjs';

/**
 * `npm start` runs the server compiled into one plain JavaScript file, not through tsx
 * (docs/DECISIONS.md "Starting in seconds"). Plain JavaScript because it runs before anything
 * could compile it. The build is redone whenever what it is made from changed: a file added or
 * removed, or one whose contents changed, found by a stamp of the inputs' sizes, times and hashes
 * (build/inputStamp.mjs): never stale code, and a start where nothing changed costs a directory walk.
 */

/** What the compiled start is made from: every source the server may import, the start itself, the locked dependencies. */
export const SERVER_INPUTS = [
  'server',
  'src',
  'build/start.ts',
  'build/buildIfChanged.ts',
  'build/inputStamp.mjs',
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

/**
 * The inputs against the stamp kept beside the build (build/inputStamp.mjs): files whose size and time
 * are the stamp's are not read. The checkout's own path is part of it (the build names its source files
 * by absolute path): a moved checkout builds again.
 */
export function compareServerInputs(root, outDir = path.join(root, SERVER_OUT_DIR), inputs = SERVER_INPUTS) {
  const stamp = path.join(outDir, STAMP_FILE);
  const previous = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : undefined;
  return compareInputs(root, inputFiles(root, inputs), previous, path.resolve(root));
}

/**
 * True when the compiled start exists and was made from inputs with the contents they have now. Only
 * touched (a checkout rewrote them unchanged): current, and the stamp takes their new times.
 */
export function serverBuildIsCurrent(root, outDir = path.join(root, SERVER_OUT_DIR), inputs = SERVER_INPUTS) {
  if (![SERVER_ENTRY, API_ENTRY, STAMP_FILE].every((file) => fs.existsSync(path.join(outDir, file)))) return false;
  const { changed, restated, stamp } = compareServerInputs(root, outDir, inputs);
  if (restated) fs.writeFileSync(path.join(outDir, STAMP_FILE), stamp);
  return !changed;
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
  const withOwnPaths = (source, file) =>
    source
      .replaceAll('import.meta.url', at(pathToFileURL(file).href))
      .replaceAll('import.meta.dirname', at(path.dirname(file)))
      .replaceAll('import.meta.filename', at(file));
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
      // A package compiled into the bundle still finds what it reads beside itself (its package.json, say):
      // its own folder and file are written into it where it asks for them, as for the sources below.
      build.onLoad({ filter: /\.[cm]?js$/ }, (args) => {
        if (!args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        const own = [];
        for (const [name, value] of [
          ['__dirname', path.dirname(args.path)],
          ['__filename', args.path],
        ]) {
          if (source.includes(name) && !new RegExp(`(?:const|let|var)\\s+${name}\\b`).test(source)) own.push(`var ${name} = ${at(value)};`);
        }
        if (own.length === 0 && !source.includes('import.meta')) return undefined;
        // After a hashbang line, which must stay first; the bundle is a module, strict throughout.
        const [, hashbang = '', rest] = /^(#![^\n]*\n)?([\s\S]*)$/.exec(source);
        return { loader: 'js', contents: hashbang + own.join(' ') + withOwnPaths(rest, args.path) };
      });
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
        return { loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts', contents: withOwnPaths(source, args.path) };
      });
    },
  };
}

/**
 * The packages left in node_modules (docs/DECISIONS.md "Restart to ready", branch restart48): each reads
 * files beside itself at run time (PGlite its WebAssembly and data files, EDR its native addon, the Safe
 * contracts their artifacts, pino its transports in worker threads by file, swagger-ui its static files,
 * pg-native an optional addon pg asks for only when told), or is only for building (esbuild, and vite, which
 * the console's build check loads only when the console must be built). Every other
 * package is plain JavaScript compiled into the bundle: Node's loader then reads a few files instead of
 * several hundred, which was most of a restart's import. A package named here also keeps its subpaths out.
 */
const SERVER_EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  '@nomicfoundation/edr',
  '@safe-global/safe-contracts',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger-ui',
  'pg-native',
  'esbuild',
  'vite',
  'tsx',
];

/** Compiles `build/start.ts` and `server/main.ts` into one file each, with the packages but SERVER_EXTERNAL_PACKAGES. */
export async function buildServer(root, outDir = path.join(root, SERVER_OUT_DIR)) {
  // Loaded only to build: a start with a current build never imports esbuild.
  const esbuild = await import('esbuild');
  const { stamp } = compareInputs(root, inputFiles(root, SERVER_INPUTS), undefined, path.resolve(root));
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
    external: SERVER_EXTERNAL_PACKAGES,
    sourcemap: 'linked',
    logLevel: 'warning',
    // A package that is CommonJS inside calls require: give the bundle one, as tsx's loader does.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourcePathsPlugin(root)],
  });
  // The stamp taken before compiling: a file edited during the build makes the next start build again.
  fs.writeFileSync(path.join(outDir, STAMP_FILE), stamp);
}

/** The compiled start's path, built first when it is missing or stale; says which. */
export async function ensureServerBuilt(root) {
  const outDir = path.join(root, SERVER_OUT_DIR);
  const entry = path.join(outDir, SERVER_ENTRY);
  if (serverBuildIsCurrent(root, outDir)) return { entry, outcome: 'up to date' };
  await buildServer(root, outDir);
  return { entry, outcome: 'built' };
}
