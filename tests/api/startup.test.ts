import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { databaseLabel, startLine } from '../../server/startLine';
import { errorForLog, loggerOptions, withoutLongHex } from '../../server/loggerOptions';
import { buildIfChanged, NOT_CONSOLE_INPUTS, STAMP_FILE } from '../../build/buildIfChanged';
import { compareInputs, inputFiles } from '../../build/inputStamp.mjs';
import { hashPassword } from '../../server/credentials/password';
import semver from 'semver';
import { ANALYZE_STAMP, openDatabase } from '../../server/db/database';

describe('npm start: the line a newcomer reads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('names the URL, the database and the demo sign-in while the demo password still works', async () => {
    const config = { ...server.app.context.config, port: 8123 };
    const line = await startLine(config, server.app.context.db);
    expect(line).toContain('http://localhost:8123');
    expect(line).toMatch(/database: (embedded PGlite|PostgreSQL)/);
    expect(line).toContain('sign in as superAdmin / Demo@12345');
  });

  it('never hints at a password the demo account no longer has', async () => {
    await server.app.context.db
      .updateTable('appUser')
      .set({ passwordHash: await hashPassword('Another#Secret9') })
      .where('account', '=', 'superAdmin')
      .execute();
    const line = await startLine(server.app.context.config, server.app.context.db);
    expect(line).not.toContain('Demo@12345');
    expect(line).toContain('Custodia console and API on http://localhost:');
  });

  it('shows where PostgreSQL is without its credentials', () => {
    expect(databaseLabel({ databaseUrl: 'postgres://app:s3cret@db.internal:5433/custody', dataDir: '/x' })).toBe(
      'PostgreSQL at db.internal:5433/custody',
    );
    expect(databaseLabel({ dataDir: '/srv/app/data' }, '/srv/app')).toBe('embedded PGlite in ./data');
    expect(databaseLabel({ dataDir: '/var/lib/custodia' }, '/srv/app')).toBe('embedded PGlite in /var/lib/custodia');
  });

  it('logs readable lines on a terminal and JSON lines otherwise', () => {
    expect(loggerOptions('info', false)).toEqual({ level: 'info', serializers: { err: errorForLog } });
    expect(loggerOptions('info', true, 'json')).toEqual({ level: 'info', serializers: { err: errorForLog } });
    expect(loggerOptions('debug', true, undefined)).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });

  it('a logged error keeps no signature: 65 bytes of hex or more are withheld, in its message, stack, fields and cause', () => {
    const signature = `0x${'ab'.repeat(65)}`;
    const calldata = `0x6a761202${'cd'.repeat(300)}`;
    const cause = Object.assign(new Error(`data: ${calldata}`), { args: [signature, 7n] });
    const logged = JSON.stringify(errorForLog(new Error(`execTransaction reverted: ${signature}`, { cause })));
    expect(logged).not.toContain('abab');
    expect(logged).not.toContain('cdcd');
    expect(logged).toContain('(65 bytes withheld)');
    expect(logged).toContain('execTransaction reverted');
    // A short hash stays readable.
    expect(withoutLongHex(`tx 0x${'12'.repeat(32)}`)).toBe(`tx 0x${'12'.repeat(32)}`);
  });
});

describe('npm start: the console is rebuilt only when its sources changed', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const outDir = () => path.join(root, 'dist');
  let builds = 0;
  const build = async () => {
    builds += 1;
    fs.mkdirSync(outDir(), { recursive: true });
    fs.writeFileSync(path.join(outDir(), 'index.html'), '<html></html>');
  };
  const run = () => buildIfChanged({ root, outDir: outDir(), build, inputs: ['src', 'index.html'] });

  it('builds the first time, skips while nothing changed, builds again after an edit or a removed build', async () => {
    expect(await run()).toBe('built');
    expect(fs.existsSync(path.join(outDir(), STAMP_FILE))).toBe(true);
    expect(await run()).toBe('up to date');
    fs.writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const changed = 1;');
    expect(await run()).toBe('built');
    fs.writeFileSync(path.join(root, 'src', 'added.ts'), 'export {};');
    expect(await run()).toBe('built');
    expect(await run()).toBe('up to date');
    fs.rmSync(outDir(), { recursive: true });
    expect(await run()).toBe('built');
    expect(builds).toBe(4);
  });

  it('a file rewritten with the same contents (a checkout) is no change: the contents decide, and the next check only looks at the files', async () => {
    expect(await run()).toBe('up to date');
    const source = path.join(root, 'src', 'main.tsx');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(source, later, later);
    const before = builds;
    expect(await run()).toBe('up to date');
    expect(builds).toBe(before);
    // The stamp now holds the new times: an edit with the same size and a new time is still seen.
    fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace('1', '2'));
    expect(await run()).toBe('built');
    expect(builds).toBe(before + 1);
  });
});

describe('npm start: the console check reads only what moved', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-read-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.mkdirSync(path.join(root, 'build'));
    for (const name of ['a.ts', 'b.ts', 'c.ts']) fs.writeFileSync(path.join(root, 'src', name), `export const ${name[0]} = 1;`);
    fs.writeFileSync(path.join(root, 'build', 'precompress.ts'), 'export {};');
    fs.writeFileSync(path.join(root, 'build', 'launch.mjs'), '// starts the server');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const outDir = () => path.join(root, 'dist');
  let builds = 0;
  const build = async () => {
    builds += 1;
    fs.mkdirSync(outDir(), { recursive: true });
    fs.writeFileSync(path.join(outDir(), 'index.html'), '<html></html>');
  };
  const inputs = ['src', 'build'];
  const run = () => buildIfChanged({ root, outDir: outDir(), build, inputs });
  const stamped = () => fs.readFileSync(path.join(outDir(), STAMP_FILE), 'utf8');
  const later = (file: string) => fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));

  it('nothing moved: no file is read; one touched: it alone is read; an edit: built', async () => {
    expect(await run()).toBe('built');
    const files = inputFiles(root, inputs, NOT_CONSOLE_INPUTS);
    expect(files).toEqual(['build/precompress.ts', 'src/a.ts', 'src/b.ts', 'src/c.ts']);
    expect(compareInputs(root, files, stamped())).toMatchObject({ changed: false, hashed: 0 });
    later(path.join(root, 'src', 'b.ts'));
    expect(compareInputs(root, files, stamped())).toMatchObject({ changed: false, restated: true, hashed: 1 });
    expect(await run()).toBe('up to date');
    expect(compareInputs(root, files, stamped())).toMatchObject({ changed: false, hashed: 0 });
    fs.writeFileSync(path.join(root, 'src', 'c.ts'), 'export const c = 2;');
    later(path.join(root, 'src', 'c.ts'));
    expect(compareInputs(root, files, stamped())).toMatchObject({ changed: true, hashed: 1 });
    expect(await run()).toBe('built');
    expect(builds).toBe(2);
  });

  it("a change to the server's start files (build/launch.mjs) does not build the console; a removed input does", async () => {
    fs.writeFileSync(path.join(root, 'build', 'launch.mjs'), '// starts the server, edited');
    expect(await run()).toBe('up to date');
    fs.rmSync(path.join(root, 'src', 'a.ts'));
    expect(await run()).toBe('built');
    expect(builds).toBe(3);
  });

  it('a stamp of an older format: built once, then up to date', async () => {
    fs.writeFileSync(path.join(outDir(), STAMP_FILE), 'abc\ndef');
    expect(await run()).toBe('built');
    expect(await run()).toBe('up to date');
  });
});

describe("an embedded database's statistics on a restart", () => {
  it('are refreshed after the first start in the background (the open does not wait), not again within six hours, and once those have passed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analyze-stamp-'));
    try {
      const stamp = path.join(dir, ANALYZE_STAMP);
      const first = await openDatabase({ dataDir: dir });
      // Open and migrated, statistics not refreshed yet: that comes after, in the background.
      expect(fs.existsSync(stamp)).toBe(false);
      await vi.waitFor(() => expect(fs.existsSync(stamp)).toBe(true), { timeout: 60_000 });
      await first.close();
      const written = fs.readFileSync(stamp, 'utf8');
      expect(Date.parse(written)).toBeGreaterThan(Date.now() - 600_000);
      // Within six hours and nothing migrated: no refresh, before or after the open.
      const again = await openDatabase({ dataDir: dir });
      await again.close();
      expect(fs.readFileSync(stamp, 'utf8')).toBe(written);
      const sevenHoursAgo = new Date(Date.now() - 7 * 3_600_000).toISOString();
      fs.writeFileSync(stamp, sevenHoursAgo);
      const late = await openDatabase({ dataDir: dir });
      expect(fs.readFileSync(stamp, 'utf8')).toBe(sevenHoursAgo);
      await vi.waitFor(() => expect(Date.parse(fs.readFileSync(stamp, 'utf8'))).toBeGreaterThan(Date.parse(sevenHoursAgo) + 3_600_000), {
        timeout: 60_000,
      });
      // Asked for (after the demo seed wrote its rows): refreshed now, whatever the stamp says.
      const refreshedAt = fs.readFileSync(stamp, 'utf8');
      late.refreshStatistics();
      await vi.waitFor(() => expect(fs.readFileSync(stamp, 'utf8')).not.toBe(refreshedAt), { timeout: 60_000 });
      await late.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('npm install on the oldest Node the README names', () => {
  it('installs no package whose engines exclude it: no EBADENGINE warning (docs/DECISIONS.md "The embedded EVM on Node 20")', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[]; cpu?: string[] }>;
    };
    const refused = Object.entries(lock.packages)
      // Platform binaries of other systems are never installed here.
      .filter(([, entry]) => !(entry.optional && (entry.os || entry.cpu)))
      .flatMap(([name, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return range && !semver.satisfies(oldest, range) ? [`${name} needs node ${range}`] : [];
      });
    expect(refused).toEqual([]);
  });
});
