import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { demoChains } from '../../server/db/seed/demoData';
import type { ChainRecord } from '../../src/contract/schemas/chain';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const list = (query: Record<string, string | number | boolean | undefined> = {}, account = 'superAdmin') =>
  server
    .as(account)
    .resource(ApiPath.chain)
    .list({ pageSize: 100, ...query });
const allChains = async () => (await list()).data.list;
const byChainId = async (chainId: number) => (await allChains()).find((c) => c.chainId === chainId);
const save = (body: Record<string, unknown>, account = 'superAdmin') =>
  server.as(account).call<ChainRecord & Record<string, string>>('POST', ApiPath.chain.save, { body });
const update = (body: Record<string, unknown>, account = 'superAdmin') =>
  server.as(account).call<ChainRecord & Record<string, string>>('POST', ApiPath.chain.update, { body });
const remove = (id: number | string, account = 'superAdmin') => server.as(account).resource(ApiPath.chain).remove(id);

let nextChainId = 900_001;
const newChain = (overrides: Record<string, unknown> = {}) => ({
  chainId: nextChainId++,
  name: 'Test Net',
  family: 'evm',
  symbol: 'TST',
  rpcUrl: 'https://rpc.test.example',
  explorerUrl: 'https://explorer.test.example',
  confirmations: 6,
  isDefault: false,
  enabled: true,
  ...overrides,
});

describe('reading chains', () => {
  it('every signed-in role lists the chains', async () => {
    for (const account of ['superAdmin', 'agentManager', 'merchantProManager', 'merchantLiteEmployee']) {
      const res = await list({}, account);
      expect(res.code).toBe(200);
      expect(res.data.count).toBe(demoChains.length);
    }
  });

  it('records carry id and camelCase fields', async () => {
    const eth = await byChainId(1);
    expect(eth).toMatchObject({
      chainId: 1,
      name: 'Ethereum',
      family: 'evm',
      symbol: 'ETH',
      rpcUrl: 'https://eth.example-rpc.net',
      explorerUrl: 'https://etherscan.io',
      confirmations: 12,
      isDefault: true,
      enabled: true,
    });
    expect(typeof eth!.id).toBe('number');
    expect(eth!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  // The console links a chain's addresses and hashes to its explorer only on a real network (docs/DECISIONS.md
  // "Explorer links on the devnet"); the test servers run the embedded devnet, and TRON is simulated in every mode.
  it('each chain says where its transactions happen: the devnet for EVM chains here, simulated for TRON', async () => {
    const modes = Object.fromEntries((await allChains()).map((c) => [c.name, c.mode]));
    expect(modes).toEqual({ Ethereum: 'devnet', 'BNB Smart Chain': 'devnet', TRON: 'simulated' });
    const eth = await byChainId(1);
    expect(
      (await server.as('merchantProManager').call<ChainRecord>('GET', ApiPath.chain.detail, { query: { id: eth!.id } })).data.mode,
    ).toBe('devnet');
    const saved = await save(newChain({ family: 'tron', symbol: 'TRX' }));
    expect(saved.data.mode).toBe('simulated');
    expect((await update({ id: saved.data.id, name: 'Renamed' })).data.mode).toBe('simulated');
    expect((await remove(saved.data.id)).data.mode).toBe('simulated');
  });

  it('is 401 without a session', async () => {
    const res = await server.call('GET', ApiPath.chain.list);
    expect(res).toMatchObject({ code: 401, msg: 'Please sign in.' });
  });

  it('filters by name (contains, any case), family, enabled and chainId', async () => {
    expect((await list({ name: 'ETHER' })).data.list.map((c) => c.chainId)).toEqual([1]);
    expect((await list({ name: 'smart' })).data.list.map((c) => c.chainId)).toEqual([56]);
    expect((await list({ family: 'tron' })).data.list.map((c) => c.chainId)).toEqual([728126428]);
    expect((await list({ chainId: 56 })).data.list.map((c) => c.name)).toEqual(['BNB Smart Chain']);
    expect((await list({ enabled: false })).data.count).toBe(0);
    // LIKE wildcards in the filter are plain text.
    expect((await list({ name: '%' })).data.count).toBe(0);
  });

  it('sorts and pages; count is the whole filtered set', async () => {
    const page1 = await list({ sort: 'chainId', order: 'desc', page: 1, pageSize: 2 });
    const page2 = await list({ sort: 'chainId', order: 'desc', page: 2, pageSize: 2 });
    const all = (await list({ sort: 'chainId', order: 'desc' })).data.list.map((c) => c.chainId);
    expect(page1.data.count).toBe(all.length);
    expect([...page1.data.list, ...page2.data.list].map((c) => c.chainId)).toEqual(all.slice(0, 4));
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it('a page past the end is empty and still carries the total; a filter with no match counts 0', async () => {
    const all = (await list()).data;
    const beyond = await list({ page: all.count + 5, pageSize: 1 });
    expect(beyond.code).toBe(200);
    expect(beyond.data).toEqual({ list: [], count: all.count });
    expect((await list({ name: 'no such chain', page: 1 })).data).toEqual({ list: [], count: 0 });
    // The total travels with the rows in one query (server/http/pagination.ts); it is not a field of a record.
    expect(Object.keys(all.list[0]).filter((key) => /count|total/i.test(key))).toEqual([]);
  });

  it('refuses an unknown sort field and a bad filter with field messages', async () => {
    const res = await server.as('superAdmin').call<Record<string, string>>('GET', ApiPath.chain.list, {
      query: { sort: 'rpcUrl; drop table chain', family: 'btc', enabled: 'maybe' },
    });
    expect(res.code).toBe(400);
    expect(res.data.sort).toMatch(/^Must be one of: id, chainId, name/);
    expect(res.data.family).toBe('Must be one of: evm, tron.');
    expect(res.data.enabled).toBe('Must be one of: true, false.');
  });

  it('detail answers one chain', async () => {
    const eth = await byChainId(1);
    const res = await server.as('merchantLiteEmployee').call<ChainRecord>('GET', ApiPath.chain.detail, { query: { id: eth!.id } });
    expect(res.code).toBe(200);
    expect(res.data).toEqual(eth);
  });

  it('detail of an unknown id is 404, of a non-id 400', async () => {
    expect(await server.as('superAdmin').call('GET', ApiPath.chain.detail, { query: { id: 999999 } })).toMatchObject({
      code: 404,
      msg: 'Chain was not found.',
    });
    const bad = await server.as('superAdmin').call<Record<string, string>>('GET', ApiPath.chain.detail, { query: { id: 'abc' } });
    expect(bad.code).toBe(400);
    expect(bad.data.id).toBe('Must be a positive whole number.');
    const missing = await server.as('superAdmin').call<Record<string, string>>('GET', ApiPath.chain.detail);
    expect(missing.data.id).toBe('Required.');
  });
});

describe('saving a chain', () => {
  it('the operator row saves a chain and gets the record back', async () => {
    const body = newChain({ name: 'Polygon', symbol: 'POL', family: 'evm', confirmations: 64 });
    const res = await save(body, 'operatorEmployee');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ ...body, isDefault: false, enabled: true });
    expect(typeof res.data.id).toBe('number');
    expect(await byChainId(body.chainId as number)).toEqual(res.data);
  });

  it('isDefault and enabled default to false and true', async () => {
    const { isDefault: _d, enabled: _e, ...body } = newChain();
    const res = await save(body);
    expect(res.data).toMatchObject({ isDefault: false, enabled: true });
  });

  it('ignores read-only fields a form echoes back', async () => {
    const res = await save({ ...newChain(), id: 12345, createdAt: '2000-01-01T00:00:00Z' });
    expect(res.code).toBe(200);
    expect(res.data.id).not.toBe(12345);
    expect(res.data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('a duplicate chainId is 409 with a field message, and nothing is added', async () => {
    const before = await allChains();
    const res = await save(newChain({ chainId: 1 }));
    expect(res.code).toBe(409);
    expect(res.msg).toBe('A chain with chain ID 1 already exists.');
    expect(res.data).toEqual({ chainId: 'Already in use.' });
    expect(await allChains()).toEqual(before);
  });

  it('says so in Chinese too', async () => {
    const res = await server.as('superAdmin').call<Record<string, string>>('POST', ApiPath.chain.save, {
      body: newChain({ chainId: 1 }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.msg).toBe('链 ID 为 1 的链已存在。');
    expect(res.data.chainId).toBe('已被使用。');
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['chainId missing', { chainId: undefined }, 'chainId', 'Required.'],
    ['chainId fractional', { chainId: 1.5 }, 'chainId', 'Must be a whole number.'],
    ['chainId zero', { chainId: 0 }, 'chainId', 'Must be a positive whole number.'],
    ['chainId negative', { chainId: -5 }, 'chainId', 'Must be a positive whole number.'],
    ['chainId ≥ 2^53', { chainId: 2 ** 53 }, 'chainId', 'Must be at most 9007199254740991.'],
    ['chainId as text', { chainId: '137' }, 'chainId', 'Must be a number.'],
    ['name empty', { name: '  ' }, 'name', 'Required.'],
    ['name too long', { name: 'x'.repeat(65) }, 'name', 'Must be at most 64 characters.'],
    ['family unknown', { family: 'btc' }, 'family', 'Must be one of: evm, tron.'],
    ['symbol lower case', { symbol: 'eth' }, 'symbol', 'Use 1 to 16 capital letters or digits (A–Z, 0–9).'],
    ['symbol too long', { symbol: 'A'.repeat(17) }, 'symbol', 'Use 1 to 16 capital letters or digits (A–Z, 0–9).'],
    ['rpcUrl not http', { rpcUrl: 'ftp://rpc.example' }, 'rpcUrl', 'Must be an http(s) URL.'],
    ['rpcUrl not a URL', { rpcUrl: 'localhost:8545' }, 'rpcUrl', 'Must be an http(s) URL.'],
    ['rpcUrl empty', { rpcUrl: '' }, 'rpcUrl', 'Required.'],
    ['explorerUrl javascript', { explorerUrl: 'javascript:alert(1)' }, 'explorerUrl', 'Must be an http(s) URL.'],
    ['confirmations negative', { confirmations: -1 }, 'confirmations', 'Must be at least 0.'],
    ['confirmations too many', { confirmations: 1001 }, 'confirmations', 'Must be at most 1000.'],
    ['confirmations fractional', { confirmations: 2.5 }, 'confirmations', 'Must be a whole number.'],
    ['isDefault not boolean', { isDefault: 'yes' }, 'isDefault', 'Must be a boolean.'],
    ['enabled not boolean', { enabled: 1 }, 'enabled', 'Must be a boolean.'],
  ];
  it.each(invalid)('%s → 400 with the field message, nothing saved', async (_label, change, field, message) => {
    const before = (await list()).data.count;
    const res = await save(newChain(change));
    expect(res.code).toBe(400);
    expect(res.msg).toBe('Some fields are not valid.');
    expect(res.data[field]).toBe(message);
    expect((await list()).data.count).toBe(before);
  });
});

describe('exactly one default chain', () => {
  const defaults = async () => (await allChains()).filter((c) => c.isDefault).map((c) => c.chainId);

  it('saving a new default moves the flag from the old one', async () => {
    const body = newChain({ isDefault: true });
    const res = await save(body);
    expect(res.data.isDefault).toBe(true);
    expect(await defaults()).toEqual([body.chainId]);
    const eth = await byChainId(1);
    const back = await update({ id: eth!.id, isDefault: true });
    expect(back.data.isDefault).toBe(true);
    expect(await defaults()).toEqual([1]);
  });

  it('un-setting the only default is refused with 400 and nothing changes', async () => {
    const eth = await byChainId(1);
    const res = await update({ id: eth!.id, isDefault: false, name: 'Renamed' });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('One chain must always be the default. To change it, make another chain the default.');
    expect(res.data).toEqual({ isDefault: 'Make another chain the default instead.' });
    expect(await byChainId(1)).toEqual(eth);
  });

  it('the default chain cannot be disabled, and a disabled chain cannot become default', async () => {
    const eth = await byChainId(1);
    const res = await update({ id: eth!.id, enabled: false });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('The default chain must stay enabled. Make another chain the default first.');
    expect(res.data).toEqual({ enabled: 'The default chain must be enabled.' });
    const saved = await save(newChain({ isDefault: true, enabled: false }));
    expect(saved.code).toBe(400);
    expect(saved.data).toEqual({ enabled: 'The default chain must be enabled.' });
    expect(await defaults()).toEqual([1]);
  });

  it('two chains made default at once still leave exactly one default', async () => {
    const a = (await save(newChain())).data;
    const b = (await save(newChain())).data;
    const results = await Promise.all([update({ id: a.id, isDefault: true }), update({ id: b.id, isDefault: true })]);
    for (const res of results) expect([200, 409]).toContain(res.code);
    const after = await defaults();
    expect(after).toHaveLength(1);
    expect([a.chainId, b.chainId]).toContain(after[0]);
    const eth = await byChainId(1);
    expect((await update({ id: eth!.id, isDefault: true })).code).toBe(200);
  });

  it('setting isDefault on the default again is harmless', async () => {
    const eth = await byChainId(1);
    const res = await update({ id: eth!.id, isDefault: true });
    expect(res.code).toBe(200);
    expect(await defaults()).toEqual([1]);
  });
});

describe('updating a chain', () => {
  it('changes only the fields sent', async () => {
    const created = (await save(newChain({ name: 'Before' }))).data;
    const res = await update({ id: created.id, name: 'After', confirmations: 3 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ ...created, name: 'After', confirmations: 3, updatedAt: expect.any(String) });
  });

  it('accepts the whole record as a form sends it back', async () => {
    const created = (await save(newChain())).data;
    const res = await update({ ...created, name: 'Echoed' });
    expect(res.code).toBe(200);
    expect(res.data.name).toBe('Echoed');
  });

  it('validates the fields sent', async () => {
    const created = (await save(newChain())).data;
    const res = await update({ id: created.id, rpcUrl: 'nope', confirmations: -2 });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ rpcUrl: 'Must be an http(s) URL.', confirmations: 'Must be at least 0.' });
    expect((await server.as('superAdmin').call('GET', ApiPath.chain.detail, { query: { id: created.id } })).data).toEqual(created);
  });

  it('an unknown id is 404; a missing id 400', async () => {
    expect(await update({ id: 999999, name: 'x' })).toMatchObject({ code: 404, msg: 'Chain was not found.' });
    const res = await update({ name: 'x' });
    expect(res.code).toBe(400);
    expect(res.data.id).toBe('Required.');
  });

  it('a chainId taken by another chain is 409', async () => {
    const created = (await save(newChain())).data;
    const res = await update({ id: created.id, chainId: 56 });
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ chainId: 'Already in use.' });
  });

  it('the chainId of an unused chain may change; of a chain with currencies it may not', async () => {
    const created = (await save(newChain())).data;
    const moved = await update({ id: created.id, chainId: nextChainId++ });
    expect(moved.code).toBe(200);
    const tron = await byChainId(728126428);
    const res = await update({ id: tron!.id, chainId: 728126429 });
    expect(res.code).toBe(409);
    expect(res.msg).toBe('This chain still has currencies. Delete them first.');
    expect(res.data).toEqual({ chainId: 'Cannot change while in use.' });
    expect(await byChainId(728126428)).toEqual(tron);
  });
});

describe('deleting a chain', () => {
  it('deletes an unused chain and answers the record it was', async () => {
    const created = (await save(newChain())).data;
    const res = await remove(created.id);
    expect(res.code).toBe(200);
    expect(res.data).toEqual(created);
    expect((await server.as('superAdmin').call('GET', ApiPath.chain.detail, { query: { id: created.id } })).code).toBe(404);
  });

  it('refuses the default chain with 409', async () => {
    const eth = await byChainId(1);
    const res = await remove(eth!.id);
    expect(res).toMatchObject({ code: 409, msg: 'The default chain cannot be deleted. Make another chain the default first.' });
    expect(await byChainId(1)).toEqual(eth);
  });

  it('refuses a chain that has currencies with 409', async () => {
    const tron = await byChainId(728126428);
    const res = await remove(tron!.id);
    expect(res).toMatchObject({ code: 409, msg: 'This chain still has currencies. Delete them first.' });
    expect(await byChainId(728126428)).toEqual(tron);
  });

  it('refuses a chain that has wallets with 409', async () => {
    const created = (await save(newChain())).data;
    const db = server.app.context.db;
    const wallet = await db
      .insertInto('chainWallet')
      .values({
        chainId: created.chainId,
        orgId: server.orgIds.operator,
        kind: 'Hot',
        address: '0x0000000000000000000000000000000000000001',
        label: 'test',
        threshold: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const res = await remove(created.id);
      expect(res).toMatchObject({ code: 409, msg: 'This chain still has wallets.' });
    } finally {
      await db.deleteFrom('chainWallet').where('id', '=', wallet.id).execute();
    }
    expect((await remove(created.id)).code).toBe(200);
  });

  it('an unknown id is 404, a non-id 400', async () => {
    expect(await remove(999999)).toMatchObject({ code: 404, msg: 'Chain was not found.' });
    const res = await server.as('superAdmin').call<Record<string, string>>('POST', withId(ApiPath.chain.delete, 'abc'));
    expect(res.code).toBe(400);
    expect(res.data.id).toBe('Must be a positive whole number.');
  });
});

describe('only the operator row writes', () => {
  it.each(['agentManager', 'merchantProManager', 'merchantLiteEmployee'])(
    '%s gets 403 for save, update and delete, and nothing changes',
    async (account) => {
      const before = await allChains();
      const bnb = before.find((c) => c.chainId === 56)!;
      const created = await save(newChain(), account);
      expect(created).toMatchObject({ code: 403, msg: 'Your role is not allowed to do this.' });
      expect((await update({ id: bnb.id, name: 'Hijacked', isDefault: true }, account)).code).toBe(403);
      expect((await remove(bnb.id, account)).code).toBe(403);
      expect(await allChains()).toEqual(before);
    },
  );
});
