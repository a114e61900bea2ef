import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiPath, resourcePaths, withId } from '../../../src/contract/apiPaths';
import { createDataProvider, createHttpClient, type ResourceRegistry } from '../../../src/dataProvider';
import { envelope, makeDeps, rejectionOf, startMockApi } from './harness';

const server = startMockApi();

const registry: ResourceRegistry = {
  currency: { paths: ApiPath.currency, emptyOnListFailure: true },
  'chain-wallet': { paths: ApiPath.chainWallet },
  proposal: {
    paths: { ...resourcePaths('sign'), list: ApiPath.sign.list, detail: ApiPath.sign.detail },
    idField: 'proposalId',
    detailIdParam: 'proposalId',
  },
  invitation: { paths: resourcePaths('invitation'), idField: 'code' },
};

function setup() {
  const deps = makeDeps();
  return { deps, dataProvider: createDataProvider(createHttpClient(deps), registry) };
}

/** Answers `path` with `data` and records every call's query and JSON body. */
function record(method: 'get' | 'post', path: string, data: unknown) {
  const calls: Array<{ url: URL; query: Record<string, string>; body: unknown }> = [];
  server.use(
    http[method](`/api${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      calls.push({ url, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : undefined });
      return envelope(200, data);
    }),
  );
  return calls;
}

describe('dataProvider mapping', () => {
  it('getList sends page (1-based), pageSize, sort, lower-case order and filters by name, and maps {list, count} to {data, total}', async () => {
    const calls = record('get', ApiPath.chainWallet.list, { list: [{ id: 11, name: 'hot' }], count: 42 });
    const { dataProvider } = setup();
    const result = await dataProvider.getList('chain-wallet', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { chainId: 1, kind: 'Hot', q: '' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ chainId: '1', kind: 'Hot', page: '2', pageSize: '25', sort: 'createdAt', order: 'desc' });
    expect(result).toEqual({ data: [{ id: 11, name: 'hot' }], total: 42 });
  });

  it('getList gives records id = record[idField] and sorts by idField when react-admin sorts by id', async () => {
    const calls = record('get', ApiPath.sign.list, { list: [{ proposalId: 'p1', status: 'pending' }], count: 1 });
    const { dataProvider } = setup();
    const result = await dataProvider.getList('proposal', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].query).toMatchObject({ sort: 'proposalId', order: 'asc' });
    expect(result.data).toEqual([{ id: 'p1', proposalId: 'p1', status: 'pending' }]);
  });

  it('getOne calls detail with the id in the query', async () => {
    const calls = record('get', ApiPath.chainWallet.detail, { id: 11, name: 'hot' });
    const { dataProvider } = setup();
    const result = await dataProvider.getOne('chain-wallet', { id: 11 });
    expect(calls[0].query).toEqual({ id: '11' });
    expect(result.data).toEqual({ id: 11, name: 'hot' });
  });

  it('getOne uses the declared detail parameter (/sys/sign/detail?proposalId=)', async () => {
    const calls = record('get', ApiPath.sign.detail, { proposalId: 'p1', status: 'approved' });
    const { dataProvider } = setup();
    const result = await dataProvider.getOne('proposal', { id: 'p1' });
    expect(calls[0].query).toEqual({ proposalId: 'p1' });
    expect(result.data).toEqual({ id: 'p1', proposalId: 'p1', status: 'approved' });
  });

  it('getMany lists with comma-joined ids and pageSize = number of ids', async () => {
    const calls = record('get', ApiPath.currency.list, { list: [{ id: 1 }, { id: 3 }], count: 2 });
    const { dataProvider } = setup();
    const result = await dataProvider.getMany('currency', { ids: [1, 3] });
    expect(calls[0].query).toEqual({ ids: '1,3', page: '1', pageSize: '2' });
    expect(result.data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('getMany with no ids makes no call', async () => {
    const calls = record('get', ApiPath.currency.list, { list: [], count: 0 });
    const { dataProvider } = setup();
    await expect(dataProvider.getMany('currency', { ids: [] })).resolves.toEqual({ data: [] });
    expect(calls).toHaveLength(0);
  });

  it('getManyReference lists with the target as a filter', async () => {
    const calls = record('get', ApiPath.chainWallet.list, { list: [{ id: 5, chainId: 1 }], count: 1 });
    const { dataProvider } = setup();
    const result = await dataProvider.getManyReference('chain-wallet', {
      target: 'chainId',
      id: 1,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: { kind: 'Cold' },
    });
    expect(calls[0].query).toEqual({ kind: 'Cold', chainId: '1', page: '1', pageSize: '5', sort: 'id', order: 'asc' });
    expect(result).toEqual({ data: [{ id: 5, chainId: 1 }], total: 1 });
  });

  it('create posts the data to save and resolves the saved record', async () => {
    const calls = record('post', ApiPath.currency.save, { id: 9, symbol: 'USDT', decimals: 6 });
    const { dataProvider } = setup();
    const result = await dataProvider.create('currency', { data: { symbol: 'USDT', decimals: 6 } });
    expect(calls[0].body).toEqual({ symbol: 'USDT', decimals: 6 });
    expect(result.data).toEqual({ id: 9, symbol: 'USDT', decimals: 6 });
  });

  it('create answered with only an id resolves the sent data with that id', async () => {
    record('post', ApiPath.currency.save, 9);
    const { dataProvider } = setup();
    const result = await dataProvider.create('currency', { data: { symbol: 'USDT' } });
    expect(result.data).toEqual({ id: 9, symbol: 'USDT' });
  });

  it('update posts {...data, id} to update and resolves the updated record', async () => {
    const calls = record('post', ApiPath.currency.update, { id: 9, symbol: 'USDT', decimals: 8 });
    const { dataProvider } = setup();
    const result = await dataProvider.update('currency', {
      id: 9,
      data: { symbol: 'USDT', decimals: 8 },
      previousData: { id: 9, symbol: 'USDT', decimals: 6 },
    });
    expect(calls[0].body).toEqual({ id: 9, symbol: 'USDT', decimals: 8 });
    expect(result.data).toEqual({ id: 9, symbol: 'USDT', decimals: 8 });
  });

  it('update of a resource keyed by idField sends the id under that key, not as a synthesized id', async () => {
    const calls = record('post', ApiPath.invitation.update, null);
    const { dataProvider } = setup();
    const result = await dataProvider.update('invitation', {
      id: 'INV-1',
      data: { id: 'INV-1', code: 'INV-1', note: 'fair' },
      previousData: { id: 'INV-1' },
    });
    expect(calls[0].body).toEqual({ code: 'INV-1', note: 'fair' });
    expect(result.data).toEqual({ id: 'INV-1', code: 'INV-1', note: 'fair' });
  });

  it('update names the record by its own id, typed as the server gave it, not by the URL’s text ("137")', async () => {
    const calls = record('post', ApiPath.contractAddress.update, { chainId: 137, hotAddr: null });
    const deps = makeDeps();
    const dataProvider = createDataProvider(createHttpClient(deps), {
      'contract-address': { paths: resourcePaths('contract-address'), idField: 'chainId', detailIdParam: 'chainId' },
    });
    await dataProvider.update('contract-address', {
      id: '137',
      data: { id: 137, chainId: 137, hotAddr: '' },
      previousData: { id: 137, chainId: 137, hotAddr: null },
    });
    expect(calls[0].body).toEqual({ chainId: 137, hotAddr: '' });
  });

  it('an update runs the endpoint’s afterUpdate with the written record, and only after the server accepted it', async () => {
    record('post', ApiPath.member.update, { userId: 7, account: 'me', roleLevel: 2 });
    const seen: unknown[] = [];
    const members: ResourceRegistry = {
      member: { paths: resourcePaths('member'), idField: 'userId', afterUpdate: async (r) => void seen.push(r) },
    };
    const dataProvider = createDataProvider(createHttpClient(makeDeps()), members);
    await dataProvider.update('member', { id: 7, data: { roleLevel: 2 }, previousData: { id: 7 } });
    expect(seen).toEqual([{ id: 7, userId: 7, account: 'me', roleLevel: 2 }]);

    server.use(http.post(`/api${ApiPath.member.update}`, () => envelope(403, null, 'no')));
    await expect(dataProvider.update('member', { id: 7, data: { roleLevel: 0 }, previousData: { id: 7 } })).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it('updateMany updates each id', async () => {
    const calls = record('post', ApiPath.chainWallet.update, null);
    const { dataProvider } = setup();
    const result = await dataProvider.updateMany('chain-wallet', { ids: [1, 2], data: { enabled: false } });
    expect(calls.map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { enabled: false, id: 1 },
        { enabled: false, id: 2 },
      ]),
    );
    expect(calls).toHaveLength(2);
    expect(result).toEqual({ data: [1, 2] });
  });

  it('delete posts to delete/{id} and resolves the previous record', async () => {
    const calls = record('post', ApiPath.currency.delete.replace('{id}', ':id'), null);
    const { dataProvider } = setup();
    const result = await dataProvider.delete('currency', { id: 'a/b', previousData: { id: 'a/b', symbol: 'X' } });
    expect(calls[0].url.pathname).toBe(`/api${withId(ApiPath.currency.delete, 'a/b')}`);
    expect(calls[0].body).toBeUndefined();
    expect(result.data).toEqual({ id: 'a/b', symbol: 'X' });
  });

  it('deleteMany deletes each id', async () => {
    const calls = record('post', ApiPath.currency.delete.replace('{id}', ':id'), null);
    const { dataProvider } = setup();
    const result = await dataProvider.deleteMany('currency', { ids: [4, 5] });
    expect(calls.map((call) => call.url.pathname).sort()).toEqual([
      `/api${withId(ApiPath.currency.delete, 4)}`,
      `/api${withId(ApiPath.currency.delete, 5)}`,
    ]);
    expect(result).toEqual({ data: [4, 5] });
  });

  it('an unknown resource rejects with an error naming it, without a call', async () => {
    const { dataProvider } = setup();
    await expect(dataProvider.getList('nope', {})).rejects.toThrow('no endpoint declared for resource "nope"');
    await expect(dataProvider.getOne('toString', { id: 1 })).rejects.toThrow('"toString"');
  });
});

describe('emptyOnListFailure (chain and currency lists)', () => {
  it('a failed getList resolves an empty list, count 0, and the toast still shows', async () => {
    server.use(http.get(`/api${ApiPath.currency.list}`, () => envelope(500, null, 'Currency service down')));
    const { deps, dataProvider } = setup();
    await expect(dataProvider.getList('currency', { pagination: { page: 1, perPage: 10 } })).resolves.toEqual({ data: [], total: 0 });
    expect(deps.notifyError).toHaveBeenCalledExactlyOnceWith('Currency service down');
  });

  it('without the flag a failed getList rejects with the HttpError', async () => {
    server.use(http.get(`/api${ApiPath.chainWallet.list}`, () => new HttpResponse(null, { status: 500 })));
    const { dataProvider } = setup();
    const error = await rejectionOf(dataProvider.getList('chain-wallet', { pagination: { page: 1, perPage: 10 } }));
    expect(error.status).toBe(500);
  });

  it('a failed create on a flagged resource still rejects (the flag is about lists)', async () => {
    server.use(http.post(`/api${ApiPath.currency.save}`, () => envelope(400, { symbol: 'Taken' }, 'Invalid input')));
    const { dataProvider } = setup();
    const error = await rejectionOf(dataProvider.create('currency', { data: { symbol: 'USDT' } }));
    expect(error.body.errors).toEqual({ symbol: 'Taken' });
  });
});

describe('the console screens\' own methods (docs/DECISIONS.md "Screens read through the dataProvider")', () => {
  it('a read goes to its ApiPath with its parameters and answers the data', async () => {
    const { dataProvider } = setup();
    const calls = record('get', ApiPath.dashboard, { from: '2026-10-27', to: '2026-11-25', volume: [] });
    await expect(dataProvider.dashboard({ days: 30, signal: new AbortController().signal })).resolves.toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      volume: [],
    });
    expect(calls.map((c) => c.query)).toEqual([{ days: '30' }]);
  });

  it('report totals take the report kind and the list filters', async () => {
    const { dataProvider } = setup();
    const calls = record('get', ApiPath.report.gas.totals, { list: [] });
    await dataProvider.reportTotals({ kind: 'gas', filter: { chainId: 1, symbol: '' } });
    expect(calls.map((c) => c.query)).toEqual([{ chainId: '1' }]);
  });

  it('a write posts its body to its path, the id in the path where the path has one', async () => {
    const { dataProvider } = setup();
    const revoked = record('post', withId(ApiPath.account.sessionDelete, 's/1'), null);
    await dataProvider.revokeSession({ id: 's/1' });
    expect(revoked).toHaveLength(1);
    const acted = record('post', ApiPath.sign.approval, { proposalId: 4 });
    await dataProvider.proposalAction({ action: 'approval', proposalId: 4, comment: 'ok' });
    expect(acted.map((c) => c.body)).toEqual([{ proposalId: 4, comment: 'ok' }]);
  });

  it('a cancelled read rejects with an AbortError and toasts nothing', async () => {
    const { deps, dataProvider } = setup();
    await expect(dataProvider.policy({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('tells react-admin it takes abort signals, and passes getList’s on', async () => {
    const { dataProvider } = setup();
    expect(dataProvider.supportAbortSignal).toBe(true);
    await expect(
      dataProvider.getList('chain-wallet', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
