import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ENTRY, compareServerInputs, SERVER_ENTRY, serverBuildIsCurrent } from '../../../build/serverBuild.mjs';

/** npm start's compiled server is rebuilt exactly when an input changed (build/serverBuild.mjs; docs/DECISIONS.md "Starting in seconds"). */
const INPUTS = ['server', 'package-lock.json'];
const folders: string[] = [];

function checkout(): { root: string; outDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-server-build-'));
  folders.push(root);
  fs.mkdirSync(path.join(root, 'server/db'), { recursive: true });
  fs.writeFileSync(path.join(root, 'server/main.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'server/db/open.ts'), 'export const b = 2;\n');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  return { root, outDir: path.join(root, '.server-build') };
}

/** A checkout with a build of its current inputs; `current()` asks whether that build may be reused. */
function builtCheckout() {
  const { root, outDir } = checkout();
  built(root, outDir);
  return { root, outDir, current: () => serverBuildIsCurrent(root, outDir, INPUTS) };
}

/** What buildServer leaves: both compiled files and the stamp of the inputs it was built from. */
function built(root: string, outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of [SERVER_ENTRY, API_ENTRY]) fs.writeFileSync(path.join(outDir, file), '');
  const { stamp } = compareServerInputs(root, outDir, INPUTS);
  fs.writeFileSync(path.join(outDir, 'inputs'), stamp);
}

/** Gives `file` a time after the build's, as a later edit or checkout would. */
const touchLater = (file: string) => fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the compiled server: rebuilt when its inputs changed, not otherwise', () => {
  it('no build yet: build', () => {
    const { root, outDir } = checkout();
    expect(serverBuildIsCurrent(root, outDir, INPUTS)).toBe(false);
  });

  it('nothing changed since the build: no rebuild', () => {
    const { current } = builtCheckout();
    expect(current()).toBe(true);
    expect(current()).toBe(true);
  });

  it('a source edited, even to the same size: rebuild', () => {
    const { root, current } = builtCheckout();
    const file = path.join(root, 'server/db/open.ts');
    fs.writeFileSync(file, 'export const b = 3;\n');
    touchLater(file);
    expect(current()).toBe(false);
  });

  it('a source only touched (a checkout rewrote it unchanged): no rebuild; it alone is read, once', () => {
    const { root, outDir, current } = builtCheckout();
    const file = path.join(root, 'server/main.ts');
    touchLater(file);
    expect(compareServerInputs(root, outDir, INPUTS)).toMatchObject({ changed: false, restated: true, hashed: 1 });
    expect(current()).toBe(true);
    // The stamp took the new time: the next check reads nothing.
    expect(compareServerInputs(root, outDir, INPUTS)).toMatchObject({ changed: false, restated: false, hashed: 0 });
  });

  it('nothing changed: no file is read', () => {
    const { root, outDir } = builtCheckout();
    expect(compareServerInputs(root, outDir, INPUTS)).toMatchObject({ changed: false, hashed: 0 });
  });

  it('a file added (a new migration) or removed: rebuild', () => {
    const { root, outDir, current } = builtCheckout();
    fs.writeFileSync(path.join(root, 'server/db/040_new.ts'), 'export {};\n');
    expect(current()).toBe(false);
    built(root, outDir);
    fs.rmSync(path.join(root, 'server/db/040_new.ts'));
    expect(current()).toBe(false);
  });

  it('the locked dependencies changed: rebuild', () => {
    const { root, current } = builtCheckout();
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(current()).toBe(false);
  });

  it('the checkout moved elsewhere (the build names its sources by path): rebuild', () => {
    const { root } = builtCheckout();
    const moved = `${root}-moved`;
    folders.push(moved);
    fs.cpSync(root, moved, { recursive: true, preserveTimestamps: true });
    expect(serverBuildIsCurrent(moved, path.join(moved, '.server-build'), INPUTS)).toBe(false);
  });

  it('a compiled file missing: rebuild', () => {
    const { outDir, current } = builtCheckout();
    fs.rmSync(path.join(outDir, API_ENTRY));
    expect(current()).toBe(false);
  });
});
