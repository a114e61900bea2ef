import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the two start-time build checks share (`npm start`: the compiled server, build/serverBuild.mjs,
 * and the console, build/buildIfChanged.ts; docs/DECISIONS.md "Restart to ready"). A stamp keeps each
 * input file's size, modification time and contents hash. A check reads every file's size and time (a
 * directory walk, no file opened) and hashes only the files whose size or time differ from the stamp's:
 * nothing touched, nothing read; a checkout that rewrote a few files, those few read. A build is due
 * when a file was added, removed or its contents changed. Plain JavaScript: it runs before anything
 * could compile it.
 */

/** Every file under `inputs` (each a file or a folder, relative to `root`), sorted, without those in `skip`. */
export function inputFiles(root, inputs, skip = []) {
  const files = [];
  for (const entry of inputs) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    if (!fs.statSync(full).isDirectory()) {
      files.push(entry);
      continue;
    }
    for (const dirent of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (dirent.isFile()) files.push(path.relative(root, path.join(dirent.parentPath, dirent.name)));
    }
  }
  return files.filter((file) => !skip.includes(file)).sort();
}

const hashOf = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function parse(stamp) {
  try {
    const parsed = JSON.parse(stamp ?? '');
    return parsed && parsed.version === 1 && typeof parsed.files === 'object' ? parsed : undefined;
  } catch {
    return undefined; // no stamp, or one of an older format: a build is due
  }
}

/**
 * The inputs as they are now against `previous` (a stamp's text, or undefined when there is none).
 * `changed`: a build is due (no stamp, another `context` such as the checkout's path, a file added,
 * removed or with other contents). `stamp`: the text to keep for the next check; `restated`: true when
 * only sizes or times moved (the stamp is worth rewriting so that the next check reads nothing).
 * `hashed`: how many files were read.
 */
export function compareInputs(root, files, previous, context = '') {
  const before = parse(previous);
  const known = before && before.context === context ? before.files : undefined;
  let changed = !known || Object.keys(known).length !== files.length;
  let restated = false;
  let hashed = 0;
  const entries = {};
  for (const file of files) {
    const stat = fs.statSync(path.join(root, file));
    const old = known?.[file];
    const same = old !== undefined && old[0] === stat.size && old[1] === stat.mtimeMs;
    if (!same) {
      hashed += 1;
      restated = true;
    }
    const hash = same ? old[2] : hashOf(path.join(root, file));
    if (old?.[2] !== hash) changed = true;
    entries[file] = [stat.size, stat.mtimeMs, hash];
  }
  return { changed, restated: restated && !changed, hashed, stamp: JSON.stringify({ version: 1, context, files: entries }) };
}
