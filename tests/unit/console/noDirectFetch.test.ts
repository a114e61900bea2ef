import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/DECISIONS.md "Screens read through the dataProvider": a console screen asks the
 * dataProvider (useDataProvider + react-query, or react-admin's hooks), never the HTTP client,
 * `fetch` or the dataProvider module itself. This scans every source file outside the HTTP
 * layer for a way around it.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The HTTP layer itself: where calls are made, not screens. */
const HTTP_LAYER = ['src/dataProvider/', 'src/authProvider/', 'src/startup/', 'src/http.ts'];

/** Files outside the HTTP layer that still hold the client, each with why. */
const ALLOWED: Record<string, string> = {
  'src/api.ts': 'builds the dataProvider over the one HTTP client',
  'src/App.tsx': 'hands the HTTP client to the authProvider it builds for <Admin>',
  'src/main.tsx':
    'the start-up: the sign-in page runs before the console (and its dataProvider) loads, and the client is given its toasts and translations here',
  'src/pages/signup/SignUpPage.tsx': 'rendered by the start-up outside <Admin>, before anyone is signed in: there is no dataProvider yet',
  'src/checkout/api.ts':
    'the payer\'s checkout pages (docs/payments.md "The checkout pages"): an entry of their own with no react-admin, no dataProvider and no session; their few public calls are made here',
  'src/resources/engine/afterUpdate.ts':
    "a declaration's ownAccountField runs inside the dataProvider's update and reloads the session (the authProvider's reloadSession) with the same client",
};

/** Modules that are the HTTP client, or the dataProvider instance used without react-admin. */
const CLIENT_MODULES = ['src/http', 'src/dataProvider/httpClient', 'src/api'];

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** What in one file's text goes around the dataProvider; `path` is relative to the repository, with `/`. */
function directCalls(path: string, text: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(IMPORT)) {
    if (!specifier.startsWith('.')) continue;
    const target = posix
      .normalize(posix.join(posix.dirname(path), specifier))
      .replace(/\.(tsx?|js)$/, '')
      .replace(/\/index$/, '');
    if (CLIENT_MODULES.includes(target)) found.push(`imports ${specifier}`);
  }
  if (/(?<![\w.$])fetch\s*\(/.test(text)) found.push('calls fetch()');
  if (/\bXMLHttpRequest\b|\bnew\s+EventSource\b/.test(text)) found.push('opens its own request');
  if (/\bcreateHttpClient\b/.test(text)) found.push('builds an HTTP client');
  if (/['"]axios['"]/.test(text)) found.push('imports axios');
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const inHttpLayer = (path: string) => HTTP_LAYER.some((prefix) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix));

describe('screens read through the dataProvider', () => {
  const files = sources('src');

  it('no file outside the HTTP layer and the allow-list calls the HTTP client or fetch', () => {
    const offenders = files
      .filter((path) => !inHttpLayer(path) && !Object.hasOwn(ALLOWED, path))
      .flatMap((path) => directCalls(path, readFileSync(join(root, path), 'utf8')).map((what) => `${path} ${what}`));
    expect(offenders).toEqual([]);
  });

  it('every allow-list entry still exists and still needs its exception', () => {
    const stale = Object.keys(ALLOWED).filter(
      (path) => !files.includes(path) || directCalls(path, readFileSync(join(root, path), 'utf8')).length === 0,
    );
    expect(stale).toEqual([]);
  });

  it('finds each way around the dataProvider (the scan is not blind)', () => {
    const screen = 'src/pages/x/Screen.tsx';
    expect(directCalls(screen, "import { http } from '../../http';")).toEqual(['imports ../../http']);
    expect(directCalls(screen, "import { dataProvider } from '../../api';")).toEqual(['imports ../../api']);
    expect(directCalls(screen, "import { createHttpClient } from '../../dataProvider/httpClient';")).toEqual([
      'imports ../../dataProvider/httpClient',
      'builds an HTTP client',
    ]);
    expect(directCalls(screen, "const r = await fetch('/api/sys/x');")).toEqual(['calls fetch()']);
    expect(directCalls(screen, "const m = await import('../../http');")).toEqual(['imports ../../http']);
    // A react-query refetch, a dataProvider call and a `fetchList` are not fetch().
    expect(directCalls(screen, 'void query.refetch(); await dataProvider.policy({ signal }); fetchList(endpoint);')).toEqual([]);
  });
});
