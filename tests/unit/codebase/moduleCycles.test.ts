import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/DECISIONS.md "No import cycle between server modules": a module of server/modules may use
 * another, never the other way round too, so each can be read (and changed) knowing only what it
 * depends on. Type-only imports count: a cycle of types is still a cycle of meaning.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const MODULES = 'server/modules';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.[^'"]*)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each module folder → the other module folders its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const folders = readdirSync(join(root, MODULES)).filter((name) => statSync(join(root, MODULES, name)).isDirectory());
  const graph = new Map(folders.map((folder) => [folder, new Set<string>()]));
  for (const folder of folders) {
    for (const file of sources(`${MODULES}/${folder}`)) {
      for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(IMPORT)) {
        const target = posix.normalize(posix.join(posix.dirname(file), specifier!));
        if (!target.startsWith(`${MODULES}/`)) continue;
        const other = target.slice(MODULES.length + 1).split('/')[0]!;
        if (other !== folder && graph.has(other)) graph.get(folder)!.add(other);
      }
    }
  }
  return graph;
}

/** Every cycle's members (strongly connected components of more than one module), each sorted. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      members.push(member);
      if (member === node) break;
    }
    if (members.length > 1) found.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server modules import each other without cycles', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the real imports (sign uses outflow)', () => {
    expect([...moduleGraph().get('sign')!]).toContain('outflow');
  });

  it('has no cycle between the folders of server/modules', () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });
});
