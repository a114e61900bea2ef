import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants';
import { isDeclarationError } from '../../resources/engine/declarationError';

/** A chunk that failed or timed out (the usual cause: a new deployment removed it). Free of React: the start-up uses it too. */
export class ChunkLoadError extends Error {
  readonly chunkLoad = true;
}

/** Rejects when the chunk does not arrive within the time-out (docs/console.md: 120 s). */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`screen did not load within ${timeoutMs} ms`)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          // A declaration mistake came with the chunk: reloading would not help, its message does.
          reject(isDeclarationError(error) ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}
