import { lazy, Suspense, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants';
import { LoadingScreen } from './LoadingScreen';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';

export class ChunkLoadError extends Error {
  readonly chunkLoad = true;
}

/** Rejects when the chunk does not arrive within the time-out (SPEC A7/A8: 120 s). */
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
          reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}

/**
 * A screen in its own chunk, loaded on first visit: the loading screen meanwhile, and
 * a clear message with a reload action if the chunk fails or times out (a new
 * deployment removed it), never a blank page.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs?: number): ComponentType<P> {
  const Lazy = lazy(withTimeout(load, timeoutMs));
  const Screen = (props: P) => (
    <ScreenErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Lazy {...props} />
      </Suspense>
    </ScreenErrorBoundary>
  );
  return Screen;
}
