import { useSyncExternalStore, type ReactNode } from 'react';
import { firstScreenSettled } from '../firstScreen';

/**
 * The shell's parts a first screen does not need — the menu, the notification bell, the app bar's
 * language, theme and user menus — rendered once the deep link's screen has its code and first read
 * and the browser is idle, so React renders the screen's rows first (docs/console.md "The first
 * load"). Once shown, shown for the page's life. Without a deep link (the sign-in, /home) they
 * follow the console's first render as soon as the browser is idle.
 */
let shown = false;
let waiting: Promise<void> | null = null;
const listeners = new Set<() => void>();
/** At most this long after the first screen settled, idle or not (a busy page still gets its menu). */
const IDLE_TIMEOUT_MS = 1000;

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  waiting ??= firstScreenSettled().then(() =>
    whenIdle(() => {
      shown = true;
      for (const notify of listeners) notify();
    }),
  );
  return () => listeners.delete(listener);
}

const isShown = () => shown;

export function AfterFirstScreen({ children }: { children: ReactNode }) {
  return useSyncExternalStore(subscribe, isShown, isShown) ? children : null;
}
