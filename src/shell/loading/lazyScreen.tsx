import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './LoadingScreen';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';
import { withTimeout } from './withTimeout';

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
