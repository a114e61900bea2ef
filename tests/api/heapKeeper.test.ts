import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { heapKeeper } from '../../server/http/heapKeeper';

/**
 * A long export asks V8 for a full collection once its garbage passes the slack
 * (docs/DECISIONS.md "Export"). The collection must really be available in this Node, or
 * exports grow the server again without a sound.
 */
describe('heap keeper', () => {
  it('collects once the heap grew past the slack, and the garbage is gone', () => {
    const keeper = heapKeeper(8 * 2 ** 20);
    expect(keeper.check()).toBe(false);
    // About 40 MB of strings that nothing keeps.
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, i) => `row ${i} `.repeat(20));
    const grown = v8.getHeapStatistics().used_heap_size;
    garbage = null;
    expect(garbage).toBeNull();
    expect(keeper.check()).toBe(true);
    expect(v8.getHeapStatistics().used_heap_size).toBeLessThan(grown - 16 * 2 ** 20);
    expect(keeper.check()).toBe(false);
  });
});
