import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:locale-versions';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** `{ "en-US/translation": "<first 12 hex of sha256>" , … }` for every public/locales/<lng>/<ns>.json. */
export function localeVersions(localesDir: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const lng of fs.readdirSync(localesDir)) {
    const dir = path.join(localesDir, lng);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const hash = createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex')
        .slice(0, 12);
      versions[`${lng}/${file.slice(0, -'.json'.length)}`] = hash;
    }
  }
  return versions;
}

/**
 * Exposes the content hash of each translation file as `virtual:locale-versions`, so
 * the console asks for `/locales/<lng>/<ns>.json?v=<hash>`: a changed file gets a new
 * URL (caches can keep the old one forever), an unchanged one keeps its URL.
 */
export function localeVersionsPlugin(localesDir: string): Plugin {
  const dir = path.resolve(localesDir);
  return {
    name: 'locale-versions',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const versions = localeVersions(dir);
      if (this.meta.watchMode) for (const file of Object.keys(versions)) this.addWatchFile(path.join(dir, `${file}.json`));
      return `export default ${JSON.stringify(versions)};`;
    },
  };
}
