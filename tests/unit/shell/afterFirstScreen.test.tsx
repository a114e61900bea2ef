import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../../src/resources/engine';

/**
 * The shell's extras wait for the deep link's screen (docs/console.md "The first load"): hidden while
 * its code is still arriving, shown once it has and the browser is idle; at once (when idle) without
 * a deep link. Fresh modules per test: the gate is the page's, opened once.
 */
async function load() {
  vi.resetModules();
  const { startFirstScreen } = await import('../../../src/shell/firstScreen');
  const { AfterFirstScreen } = await import('../../../src/shell/layout/AfterFirstScreen');
  return { startFirstScreen, AfterFirstScreen };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('AfterFirstScreen', () => {
  it("a deep link: the extras are hidden until the screen's code has arrived, then shown", async () => {
    const { startFirstScreen, AfterFirstScreen } = await load();
    let arrive: (module: { default: () => null }) => void = () => undefined;
    const code = new Promise<{ default: () => null }>((resolve) => (arrive = resolve));
    const screenDefinition = { path: '/queue', hasView: () => true, loadView: () => code } as unknown as ResourceDefinition;
    startFirstScreen({ pathname: '/queue', search: '' }, [screenDefinition], new QueryClient(), { getList: vi.fn() });
    render(<AfterFirstScreen>the menu</AfterFirstScreen>);
    // Given every chance to show early: every pending timer (the idle wait's stand-in) run, promises settled.
    await act(() => vi.runAllTimersAsync());
    expect(screen.queryByText('the menu')).toBeNull();
    arrive({ default: () => null });
    await act(() => vi.runAllTimersAsync());
    expect(screen.getByText('the menu')).toBeTruthy();
  });

  it('no deep link: the extras show once the browser is idle', async () => {
    const { startFirstScreen, AfterFirstScreen } = await load();
    startFirstScreen({ pathname: '/home', search: '' }, [], new QueryClient(), { getList: vi.fn() });
    render(<AfterFirstScreen>the bell</AfterFirstScreen>);
    expect(screen.queryByText('the bell')).toBeNull();
    await act(() => vi.runAllTimersAsync());
    expect(screen.getByText('the bell')).toBeTruthy();
  });
});
