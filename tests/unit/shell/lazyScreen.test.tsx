import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { lazyScreen, withTimeout, ChunkLoadError } from '../../../src/shell/loading/lazyScreen';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';

afterEach(() => vi.useRealTimers());

const Screen = () => <p>the screen</p>;

describe('lazyScreen', () => {
  it('shows the loading screen, then the screen once its chunk arrives', async () => {
    let arrive: (m: { default: typeof Screen }) => void = () => undefined;
    const Lazy = lazyScreen<object>(() => new Promise((resolve) => (arrive = resolve)));
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Lazy />
      </AdminContext>,
    );
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await act(async () => arrive({ default: Screen }));
    expect(await screen.findByText('the screen')).toBeTruthy();
  });

  it('a failed chunk shows a clear message with a reload action, not a blank page', async () => {
    const Lazy = lazyScreen<object>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Lazy />
      </AdminContext>,
    );
    expect(await screen.findByText('This screen could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('a chunk slower than 120 000 ms is a load failure', async () => {
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise(() => undefined));
    const result = never().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadError);
  });
});
