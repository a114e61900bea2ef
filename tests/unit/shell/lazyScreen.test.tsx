import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import type { ComponentType } from 'react';
import { lazyScreen } from '../../../src/shell/loading/lazyScreen';
import { withTimeout, ChunkLoadError } from '../../../src/shell/loading/withTimeout';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';

afterEach(() => vi.useRealTimers());

const Screen = () => <p>the screen</p>;
type Chunk = { default: ComponentType<object> };
const inAdmin = (Lazy: ComponentType<object>) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Lazy />
    </AdminContext>,
  );

describe('lazyScreen', () => {
  it('loads its chunk on first visit only, showing the loading screen meanwhile', async () => {
    let arrive: (m: Chunk) => void = () => undefined;
    const load = vi.fn(() => new Promise<Chunk>((resolve) => (arrive = resolve)));
    const Lazy = lazyScreen<object>(load);
    expect(load).not.toHaveBeenCalled();
    const { unmount } = inAdmin(Lazy);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Custodia' })).toBeTruthy();
    await act(async () => arrive({ default: Screen }));
    expect(await screen.findByText('the screen')).toBeTruthy();
    unmount();
    inAdmin(Lazy);
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the loading bar is indeterminate: it claims no progress value', async () => {
    inAdmin(lazyScreen<object>(() => new Promise<Chunk>(() => undefined)));
    const bar = await screen.findByRole('progressbar');
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.className).toContain('MuiLinearProgress-indeterminate');
  });

  it('a failed chunk shows a clear message with a reload action, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inAdmin(lazyScreen<object>(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))));
    expect(await screen.findByText('This screen could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('a chunk that has not arrived after 120 s shows the reload message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    inAdmin(lazyScreen<object>(() => new Promise<Chunk>(() => undefined)));
    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('This screen could not be loaded')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('This screen could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('withTimeout rejects with a ChunkLoadError at exactly 120 000 ms', async () => {
    vi.useFakeTimers();
    const result = withTimeout(() => new Promise(() => undefined))().catch((e: unknown) => e);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadError);
  });
});
