import { QueryClient, hashKey, type Query } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import { session } from '../session';
import { bootSettled } from '../startup/bootReads';
import type { ResourceDefinition, ViewName } from '../resources/engine';

/**
 * The first screen of a deep link, started while the console renders (docs/console.md "The first
 * load"): the screen's code is requested at once, and its first read goes out as soon as the boot's
 * reads have put the session and the chain list in the session store, into react-query's cache
 * under the very key react-admin's `useGetList` gives it — so the screen, when it mounts, finds its
 * rows there (or the read under way) instead of starting it.
 */

/** A deep link's screen: which resource, which of its views (react-admin's `<Resource>` routes). */
export interface FirstView {
  definition: ResourceDefinition;
  view: ViewName;
}

/**
 * The resource view a path opens, as react-admin's `<Resource>` routes it: `/x` the list, `/x/create`,
 * `/x/:id/show`, `/x/:id` the edit view; null for any other path (custom routes, deeper paths).
 */
export function firstView(pathname: string, resources: readonly ResourceDefinition[]): FirstView | null {
  const definition = resources.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  if (!definition) return null;
  const rest = pathname.slice(definition.path.length).split('/').filter(Boolean);
  const view: ViewName | null =
    rest.length === 0
      ? 'list'
      : rest.length === 1
        ? rest[0] === 'create'
          ? 'create'
          : 'edit'
        : rest.length === 2 && rest[1] === 'show'
          ? 'show'
          : null;
  return view && definition.hasView(view) ? { definition, view } : null;
}

/** How long the boot's read counts as fresh: the screen mounting within it shows it without reading again. */
const BOOT_READ_FRESH_MS = 10_000;
/** The query hashes of the reads started at boot. */
const bootReads = new Set<string>();

/**
 * The console's react-query client (given to `<Admin queryClient>`): react-query's defaults, except
 * that a read made at boot is fresh for its first answer, so the screen's mount does not read it again
 * (react-query refetches stale data on mount, and its default `staleTime` is 0). Any later answer of
 * the same query is stale at once, as every other.
 */
export function createConsoleQueryClient(): QueryClient {
  const staleTime = (query: Query) => (bootReads.has(query.queryHash) && query.state.dataUpdateCount <= 1 ? BOOT_READ_FRESH_MS : 0);
  return new QueryClient({ defaultOptions: { queries: { staleTime } } });
}

/**
 * Starts the deep link's screen: its code at once, its first read once the boot's reads have settled
 * — only when they succeeded (a stored token the server took: a refused one has already signed out),
 * only when the role may open the view (the screen's own guard), and only the read the view would
 * make (`ResourceDefinition.firstRead`), through the same dataProvider. Anything else is left to the
 * screen, as before.
 */
export function startFirstScreen(
  location: { pathname: string; search: string },
  resources: readonly ResourceDefinition[],
  queryClient: QueryClient,
  dataProvider: Pick<DataProvider, 'getList'>,
): void {
  const first = firstView(location.pathname, resources);
  if (!first) return;
  const { definition, view } = first;
  // The lazy screen imports the same module again: the browser's module map answers it.
  const code = definition.loadView(view)?.catch(() => undefined);
  const firstRead = bootSettled()?.then((settled) => {
    const { roleIndex, currentChainObj } = session.get();
    if (!settled || !session.isLoaded() || !definition.canDo(roleIndex, view)) return;
    if (window.location.pathname !== location.pathname) return;
    const read = definition.firstRead(view, location.search, { chainId: currentChainObj?.chainId });
    if (!read) return;
    const resource = definition.resourceName;
    // react-admin's useGetList key and answer (ra-core src/dataProvider/useGetList.ts).
    const queryKey = [resource, 'getList', read];
    bootReads.add(hashKey(queryKey));
    // Never rejects: a failed read is the screen's to show when it mounts.
    return queryClient.prefetchQuery({
      queryKey,
      queryFn: () => dataProvider.getList(resource, read).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    });
  });
  firstScreenReady = Promise.all([code, firstRead]);
}

let firstScreenReady: Promise<unknown> = Promise.resolve();

/**
 * Settles once the deep link's screen has what its first render needs — its code and its first read,
 * whichever of them was started — or at once when none was: what the shell's non-essential parts wait
 * for (src/shell/layout/AfterFirstScreen.tsx). Never rejects.
 */
export const firstScreenSettled = (): Promise<unknown> => firstScreenReady;
