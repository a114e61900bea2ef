import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChunkLoadError, withTimeout } from '../../../src/shell/loading/withTimeout';
import { DeclarationError } from '../../../src/resources/engine';
import { ConsoleLoadFailure } from '../../../src/startup/ConsoleLoadFailure';
import '../testI18nProvider';

const REASON = "resource 'x': route '/x' is not in the route table (src/access/routeTable.ts); add it to ROUTES with its group";

/** A resource declared on a route the table lacks: the console must say so, not "could not be loaded". */
describe('a declaration mistake fails loudly, with its reason', () => {
  it('loading the module that declares it rejects with the declaration error itself, not a chunk failure', async () => {
    const load = withTimeout(() => import('./fixtures/misdeclaredResource'));
    await expect(load()).rejects.toThrow(new DeclarationError(REASON));
    await expect(load()).rejects.not.toBeInstanceOf(ChunkLoadError);
  });

  it('a chunk that cannot be fetched is still a chunk failure (reload)', async () => {
    const load = withTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('the start-up shows the exact reason for a declaration error, and "reload" for a missing chunk', async () => {
    const error = await withTimeout(() => import('./fixtures/misdeclaredResource'))().catch((e: unknown) => e);
    const { unmount } = render(<ConsoleLoadFailure error={error} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The console could not start' })).toBeTruthy();
    expect(screen.getByTestId('error-detail').textContent).toBe(REASON);
    expect(screen.queryByText('This screen could not be loaded')).toBeNull();
    unmount();
    render(<ConsoleLoadFailure error={new ChunkLoadError('gone')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This screen could not be loaded' })).toBeTruthy();
    expect(screen.queryByTestId('error-detail')).toBeNull();
  });
});
