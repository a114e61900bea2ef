import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Keeps a long export's garbage from growing the process (docs/DECISIONS.md "Export"). V8
 * collects the old generation only when it has grown by a factor of what was live, so a
 * stream that turns millions of rows into strings grows the server by 100 MB and more before
 * the first full collection, although nothing is kept. After each batch the export checks how
 * much the heap grew since it started (or since its last collection) and, past the slack,
 * asks for a full collection: a pause of a few tens of milliseconds every few tens of
 * thousands of rows, against a server whose memory stays where it was.
 *
 * `gc` is V8's own, exposed at run time (the `--expose-gc` flag set from inside, then read
 * from a fresh context, as the `expose-gc` package does); without it the check does nothing.
 */
const SLACK = 32 * 2 ** 20;

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as (() => void) | undefined;

const usedHeap = () => v8.getHeapStatistics().used_heap_size;
/** The heap and the memory outside it that JS objects hold (Buffers): what an export of bytes (a COPY) leaves behind. */
const usedWithBuffers = () => {
  const stats = v8.getHeapStatistics();
  return stats.used_heap_size + stats.external_memory;
};

/**
 * `buffers`: count Buffers' memory too. A COPY export's garbage is Buffers, held outside the heap
 * until a full collection (a minor one does not free them), so the heap alone never grows.
 */
export function heapKeeper(slack = SLACK, buffers = false) {
  const used = buffers ? usedWithBuffers : usedHeap;
  let floor = used();
  return {
    /** Collects when the heap grew past the slack; true when it did. */
    check(): boolean {
      if (!collect || used() - floor < slack) return false;
      collect();
      floor = used();
      return true;
    },
  };
}
