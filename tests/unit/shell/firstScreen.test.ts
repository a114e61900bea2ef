import { describe, expect, it } from 'vitest';
import { hashKey } from '@tanstack/react-query';
import { resources } from '../../../src/resources';
import { createConsoleQueryClient, firstView } from '../../../src/shell/firstScreen';

/** A deep link's screen and its first read, as src/shell/firstScreen.ts finds them (docs/console.md "The first load"). */
const at = (pathname: string) => {
  const first = firstView(pathname, resources);
  return first && { resource: first.definition.resourceName, view: first.view };
};

describe('firstView: the resource view a path opens, as react-admin routes it', () => {
  it('the list, create, show and edit routes of a resource', () => {
    expect(at('/multisig')).toEqual({ resource: 'multisig', view: 'list' });
    expect(at('/multisig/create')).toEqual({ resource: 'multisig', view: 'create' });
    expect(at('/multisig/12/show')).toEqual({ resource: 'multisig', view: 'show' });
    expect(at('/currency/3')).toEqual({ resource: 'currency', view: 'edit' });
  });

  it('no resource view for custom routes, deeper paths, views a resource lacks or unknown paths', () => {
    expect(at('/home')).toBeNull();
    expect(at('/merchant-lite-wallet/proposal/4')).toBeNull();
    expect(at('/multisig/12/edit')).toBeNull();
    // Proposals are never edited.
    expect(at('/multisig/12')).toBeNull();
    expect(at('/multisigs')).toBeNull();
  });
});

describe('firstRead: the read a list shows its first rows from', () => {
  const read = (pathname: string, search: string, chainId: number | undefined) => {
    const first = firstView(pathname, resources)!;
    return first.definition.firstRead(first.view, search, { chainId });
  };

  it("the queue's: every open proposal on the app bar's chain, nonce first", () => {
    expect(read('/multisig', '', 5)).toEqual({
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'nonce', order: 'ASC' },
      filter: { state: 'open', chainId: 5 },
    });
    expect(read('/multisig', '', undefined)?.filter).toEqual({ state: 'open' });
  });

  it("a generated list's on its defaults: first page, declared sort, the chain as a permanent filter", () => {
    expect(read('/currency', '', 1)).toEqual({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'symbol', order: 'ASC' },
      filter: { chainId: 1 },
    });
  });

  it('none when the URL carries list parameters, for a list with a summary (it may set filters), or for other views', () => {
    expect(read('/currency', '?page=2', 1)).toBeNull();
    expect(read('/member', '', 1)).toBeNull();
    expect(read('/multisig/create', '', 1)).toBeNull();
  });
});

describe("the console's query client", () => {
  it('keeps react-query’s default (stale at once) for any read not started at boot', () => {
    const client = createConsoleQueryClient();
    client.setQueryData(['multisig', 'getList', { any: 1 }], { data: [] });
    const query = client.getQueryCache().find({ queryKey: ['multisig', 'getList', { any: 1 }] })!;
    expect(query.queryHash).toBe(hashKey(['multisig', 'getList', { any: 1 }]));
    const staleTime = client.getDefaultOptions().queries?.staleTime;
    expect(typeof staleTime === 'function' ? staleTime(query) : staleTime).toBe(0);
  });
});
