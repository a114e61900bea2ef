import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ApiPath, resourcePaths } from '../../src/contract/apiPaths';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { demoSigningKey } from '../../src/contract/demoSigningKey';

let server: TestServer;
const users: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.selectFrom('appUser').select(['id', 'account']).execute()) users[row.account] = row.id;
});
afterAll(() => server?.close());

/** The wallets as an account reads and writes them (tests/api/client.ts). */
const walletsOf = (account: string) => server.as(account).resource(ApiPath.chainWallet);
const list = (account: string, query: Record<string, string | number> = {}) => walletsOf(account).list({ pageSize: 100, ...query });
const save = (account: string, body: Record<string, unknown>) => walletsOf(account).save(body);
const idOf = async (label: string) => (await list('superAdmin')).data.list.find((w) => w.label === label)!.id;

/** A multisig wallet on Ethereum: a Safe, so no address is given (docs/chains.md). */
const multisig = (overrides: Record<string, unknown> = {}) => ({
  chainId: 1,
  orgId: server.orgIds.proA,
  kind: 'MultiSigHot',
  label: 'Aurora new hot',
  threshold: 2,
  signers: [users.merchantProManager, users.merchantProFinance, users.merchantProEmployee],
  ...overrides,
});

describe('reading wallets is scoped by tenant', () => {
  it('an operator sees every org, with signers and balances as decimal strings', async () => {
    const res = await list('superAdmin');
    expect(res.code).toBe(200);
    expect(new Set(res.data.list.map((w) => w.orgName)).size).toBeGreaterThanOrEqual(7);
    const cold = res.data.list.find((w) => w.label === 'Aurora cold')!;
    expect(cold.signers.map((s) => s.account)).toEqual(['merchantProManager', 'merchantProFinance', 'merchantProEmployee']);
    // The balance is what its ledger entries add up to (the opening 25.5 ETH, payments, executions and their gas).
    const { rows } = await sql<{
      amount: string;
    }>`select trim_scale(sum(e.delta))::text as amount from ledger_entry e join currency c on c.id = e.currency_id where e.wallet_id = ${cold.id} and c.symbol = 'ETH'`.execute(
      server.app.context.db,
    );
    expect(rows[0].amount).toMatch(/^\d+(\.\d+)?$/);
    expect(cold.balances).toEqual(expect.arrayContaining([expect.objectContaining({ symbol: 'ETH', amount: rows[0].amount })]));
  });

  it('an agent sees its own org and the merchants under it, not another agent’s merchants', async () => {
    const orgs = new Set((await list('agentManager')).data.list.map((w) => w.orgName));
    expect(orgs).toEqual(new Set(['North Agency', 'Aurora Pay (Pro)', 'Birch Goods (Standard)', 'Cedar Cafe (Lite)']));
  });

  it('a merchant sees only its own org', async () => {
    const orgs = new Set((await list('merchantProFinance')).data.list.map((w) => w.orgName));
    expect(orgs).toEqual(new Set(['Aurora Pay (Pro)']));
  });

  it('a tier’s wallet page reads these routes: its declaration registers no path of its own', async () => {
    // src/resources/merchantProWallet/resource.ts is a second screen on the chain wallets' list (server/modules/declared/routes.ts).
    const own = await server.as('merchantProManager').resource(resourcePaths('merchant-pro-wallet')).list();
    expect(own.code).toBe(404);
    const orgs = new Set((await list('merchantProManager')).data.list.map((w) => w.orgName));
    expect(orgs).toEqual(new Set(['Aurora Pay (Pro)']));
  });

  it('guessing another tenant’s wallet id is a 404, the same as an unknown id', async () => {
    const birch = await idOf('Birch cold');
    const guessed = await walletsOf('merchantProManager').detail(birch);
    const unknown = await walletsOf('merchantProManager').detail(999999);
    expect(guessed).toMatchObject({ code: 404, msg: 'Wallet was not found.', data: null });
    expect(unknown).toEqual(guessed);
    const update = await walletsOf('merchantProManager').update(birch, { label: 'mine now' });
    expect(update.code).toBe(404);
    const after = await walletsOf('superAdmin').detail(birch);
    expect(after.data.label).toBe('Birch cold');
  });
});

describe('tenancy on every read', () => {
  it('a merchant filtering by another org gets nothing, not that org’s wallets', async () => {
    const res = await list('merchantProManager', { orgId: server.orgIds.stdB });
    expect(res).toMatchObject({ code: 200, data: { list: [], count: 0 } });
  });

  it('an agent reads its merchants’ wallets by id, but another agent’s merchant’s wallet is a 404', async () => {
    const aurora = await walletsOf('agentManager').detail(await idOf('Aurora TRON hot'));
    expect(aurora).toMatchObject({ code: 200, data: { orgName: 'Aurora Pay (Pro)' } });
    const elm = await walletsOf('agentManager').detail(await idOf('Elm deposits'));
    expect(elm).toMatchObject({ code: 404, msg: 'Wallet was not found.', data: null });
    expect((await list('agentManager', { orgId: server.orgIds.stdSouth })).data.count).toBe(0);
  });

  it('every demo org with two or more members has a Hot and a multisig wallet; each multisig has two or more signers', async () => {
    const wallets = (await list('superAdmin')).data.list;
    for (const org of ['Platform Operator', 'North Agency', 'Aurora Pay (Pro)', 'Birch Goods (Standard)', 'Cedar Cafe (Lite)']) {
      const kinds = wallets.filter((w) => w.orgName === org).map((w) => w.kind);
      expect(kinds, org).toContain('Hot');
      expect(
        kinds.some((k) => k.startsWith('MultiSig')),
        org,
      ).toBe(true);
    }
    // Delta has one member: one person is not multisig, so its cold wallet is a plain one.
    expect(
      wallets
        .filter((w) => w.orgName === 'Delta Exchange (Pro)')
        .map((w) => w.kind)
        .sort(),
    ).toEqual(['Cold', 'Hot']);
    for (const wallet of wallets.filter((w) => w.kind.startsWith('MultiSig')))
      expect(wallet.signers.length, wallet.label).toBeGreaterThanOrEqual(2);
    const operator = wallets.find((w) => w.kind === 'MultiSigOperator')!;
    expect(operator).toMatchObject({ threshold: 2, orgName: 'Platform Operator' });
    expect(operator.signers.map((s) => s.account)).toEqual(['superAdmin', 'operatorEmployee']);
    const birch = wallets.find((w) => w.label === 'Birch cold')!;
    expect(birch).toMatchObject({ kind: 'MultiSigColdStd', threshold: 2 });
    expect(birch.signers).toHaveLength(3);
  });
});

describe('list filters and sort', () => {
  it('filters by chain, org and kind', async () => {
    const tron = (await list('superAdmin', { chainId: 728126428 })).data.list;
    expect(tron.length).toBeGreaterThan(0);
    expect(tron.every((w) => w.chainId === 728126428)).toBe(true);
    const aurora = (await list('superAdmin', { orgId: server.orgIds.proA })).data.list;
    expect(new Set(aurora.map((w) => w.orgName))).toEqual(new Set(['Aurora Pay (Pro)']));
    const hot = await list('superAdmin', { kind: 'Hot' });
    expect(hot.data.count).toBeGreaterThanOrEqual(6);
    expect(hot.data.list.every((w) => w.kind === 'Hot')).toBe(true);
  });

  it('finds a wallet by its address in any letter case, and by part of its label', async () => {
    const birch = (await list('superAdmin')).data.list.find((w) => w.label === 'Birch cold')!;
    const byAddress = await list('superAdmin', { address: birch.address.toLowerCase() });
    expect(byAddress.data.list.map((w) => w.id)).toEqual([birch.id]);
    const byLabel = (await list('superAdmin', { label: 'DEPOSITS' })).data.list.map((w) => w.label);
    expect(byLabel.length).toBeGreaterThanOrEqual(3);
    expect(byLabel.every((l) => l.toLowerCase().includes('deposits'))).toBe(true);
  });

  it.each(['id', 'kind', 'label', 'chainId', 'createdAt'] as const)('sorts by %s both ways', async (sort) => {
    const key = (w: ChainWalletRecord) => w[sort];
    const asc = (await list('superAdmin', { sort, order: 'asc' })).data.list.map(key);
    const desc = (await list('superAdmin', { sort, order: 'desc' })).data.list.map(key);
    const cmp = (a: unknown, b: unknown) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
    expect(asc).toEqual([...asc].sort(cmp));
    expect(desc).toEqual([...desc].sort(cmp).reverse());
  });

  it('pages with a total count, and refuses an unknown sort with a field message', async () => {
    const all = await list('superAdmin');
    const page = await list('superAdmin', { pageSize: 2, page: 2, sort: 'id' });
    expect(page.data.count).toBe(all.data.count);
    expect(page.data.list.map((w) => w.id)).toEqual(all.data.list.slice(2, 4).map((w) => w.id));
    const bad = await list('superAdmin', { sort: 'address' });
    expect(bad).toMatchObject({ code: 400, data: { sort: expect.stringContaining('Must be one of') } });
  });
});

describe('writing wallets', () => {
  it('a pro manager creates a 2-of-3 multisig for its own org', async () => {
    const res = await save('merchantProManager', multisig());
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ kind: 'MultiSigHot', threshold: 2, orgName: 'Aurora Pay (Pro)' });
    expect(res.data.signers).toHaveLength(3);
  });

  it('an all-lowercase EVM address is stored checksummed; a wrong checksum is refused', async () => {
    const address = demoEvmAddress('lowercase-test');
    const hot = (fields: Record<string, unknown>) => ({ chainId: 1, orgId: server.orgIds.proA, kind: 'Hot', ...fields });
    const res = await save('superAdmin', hot({ address: address.toLowerCase(), label: 'lower' }));
    expect(res.data.address).toBe(address);
    // Flipping the case of one letter breaks the EIP-55 checksum.
    const i = address.slice(2).search(/[a-fA-F]/) + 2;
    const c = address[i];
    const mixed = address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
    const refused = await save('superAdmin', hot({ address: mixed, label: 'bad checksum' }));
    expect(refused).toMatchObject({ code: 400, data: { address: 'The address checksum is wrong (EIP-55 mixed case).' } });
  });

  it('a multisig wallet on an EVM chain is a Safe of its signers’ keys and threshold, made on the chain', async () => {
    const res = await save('merchantProManager', multisig({ label: 'Aurora Safe' }));
    expect(res.code).toBe(200);
    const chain = await server.app.context.chains.adapterFor({ chainId: 1, family: 'evm', rpcUrl: '' });
    const keys = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'].map(
      (a) => privateKeyToAccount(demoSigningKey(a)).address,
    );
    expect(await chain.multisig?.state(res.data.address as Address)).toEqual({ owners: keys, threshold: 2, nonce: 0n });
    // A second wallet of the same name and signers is a Safe of its own.
    const again = await save('merchantProManager', multisig({ label: 'Aurora Safe' }));
    expect(again.code).toBe(200);
    expect(again.data.address).not.toBe(res.data.address);
  });

  it('a Safe’s address is never typed in; a signer without a key is named, and nothing is made', async () => {
    const typed = await save('merchantProManager', multisig({ address: demoEvmAddress('typed'), label: 'typed' }));
    expect(typed).toMatchObject({ code: 400, data: { address: expect.stringContaining('Leave the address empty') } });
    const { db } = server.app.context;
    const saved = await db.selectFrom('signingKey').selectAll().where('userId', '=', users.merchantProEmployee).executeTakeFirstOrThrow();
    await db.deleteFrom('signingKey').where('userId', '=', users.merchantProEmployee).execute();
    try {
      const res = await save('merchantProManager', multisig({ label: 'keyless' }));
      expect(res).toMatchObject({ code: 409, data: { signers: expect.stringContaining('merchantProEmployee') } });
      expect((await list('superAdmin')).data.list.some((w) => w.label === 'keyless' || w.label === 'typed')).toBe(false);
    } finally {
      await db.insertInto('signingKey').values(saved).execute();
    }
  });

  it('a TRON wallet needs a TRON address', async () => {
    const refused = await save('superAdmin', multisig({ chainId: 728126428, address: demoEvmAddress('evm-on-tron') }));
    expect(refused).toMatchObject({ code: 400, data: { address: 'Not a valid TRON address.' } });
    const ok = await save('superAdmin', multisig({ chainId: 728126428, address: demoTronAddress('tron-ok'), label: 'tron ok' }));
    expect(ok.code).toBe(200);
  });

  it.each([
    { case: 'threshold above the signers', body: { threshold: 4 }, field: 'threshold', msg: 'Cannot be more than the 3 signers.' },
    { case: 'threshold zero', body: { threshold: 0 }, field: 'threshold', msg: 'Must be at least 1.' },
    { case: 'a signer twice', body: { signers: [1, 1], threshold: 1 }, field: 'signers', msg: 'Each signer may be listed once.' },
    { case: 'no signers', body: { signers: [], threshold: 1 }, field: 'signers', msg: 'Required.' },
    {
      case: 'one signer alone',
      body: { signers: [1], threshold: 1 },
      field: 'signers',
      msg: 'At least 2 different signers: one person alone is not multisig.',
    },
    {
      case: 'threshold on a hot wallet',
      body: { kind: 'Hot', signers: [] },
      field: 'threshold',
      msg: 'Only multisig wallets have signers and a threshold.',
    },
    { case: 'unknown kind', body: { kind: 'Piggybank' }, field: 'kind', msg: expect.stringContaining('Not a wallet kind') },
    {
      case: 'a contract kind that is no wallet (a pool)',
      body: { kind: 'PayPool', signers: [] },
      field: 'kind',
      msg: 'Not a wallet kind: a wallet is Hot, Cold or a multisig contract (factories, helpers and pools are contract addresses).',
    },
    { case: 'a factory', body: { kind: 'AgentFactory', signers: [] }, field: 'kind', msg: expect.stringContaining('Not a wallet kind') },
  ])('refuses $case with a field message', async ({ body, field, msg }) => {
    const res = await save('superAdmin', multisig(body));
    expect(res.code).toBe(400);
    expect((res.data as unknown as Record<string, string>)[field]).toEqual(msg);
  });

  it.each([
    {
      case: 'a standard merchant’s kind for a pro org',
      body: {},
      kind: 'MultiSigHotStd',
      org: 'Aurora Pay (Pro)',
      allowed: 'Hot, Cold, MultiSigHot, MultiSigCold',
    },
    {
      case: 'the operator’s kind for a pro org',
      body: {},
      kind: 'MultiSigOperator',
      org: 'Aurora Pay (Pro)',
      allowed: 'Hot, Cold, MultiSigHot, MultiSigCold',
    },
    {
      case: 'a pro kind for a lite org',
      body: { orgId: 'liteC', signers: ['merchantLiteManager', 'merchantLiteEmployee'] },
      kind: 'MultiSigHot',
      org: 'Cedar Cafe (Lite)',
      allowed: 'Hot, Cold, MultiSigColdLite',
    },
  ])('refuses $case with a 409 naming the kinds of the org’s tier, on the kind field', async ({ body, kind, org, allowed }) => {
    const orgId = body.orgId ? server.orgIds[body.orgId as keyof typeof server.orgIds] : server.orgIds.proA;
    const signers = body.signers ? body.signers.map((u) => users[u as keyof typeof users]) : undefined;
    const res = await save('superAdmin', multisig({ kind, orgId, ...(signers ? { signers, threshold: 2 } : {}) }));
    const msg = `A wallet of ${org} cannot be a ${kind}: its organisation's tier holds ${allowed}.`;
    expect(res).toMatchObject({ code: 409, msg, data: { kind: msg } });
  });

  it('the org’s own manager cannot give its wallet the operator’s kind either: 409, nothing saved', async () => {
    const label = 'Aurora pretends to be the platform';
    const res = await save('merchantProManager', multisig({ kind: 'MultiSigOperator', label }));
    expect(res).toMatchObject({ code: 409, data: { kind: expect.stringContaining('cannot be a MultiSigOperator') } });
    expect((await list('superAdmin')).data.list.some((w) => w.label === label)).toBe(false);
  });

  it('the tier’s own kinds pass, in Chinese the refusal too', async () => {
    expect((await save('superAdmin', multisig({ kind: 'MultiSigCold', label: 'pro cold' }))).code).toBe(200);
    const zh = await server.as('superAdmin').call('POST', ApiPath.chainWallet.save, {
      body: multisig({ kind: 'MultiSigColdStd' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh).toMatchObject({ code: 409, msg: expect.stringContaining('MultiSigColdStd') });
    expect((zh as { msg: string }).msg).toContain('该组织的级别');
  });

  it('signers must be members of the wallet’s org', async () => {
    const res = await save('superAdmin', multisig({ signers: [users.merchantProManager, users.merchantStdManager] }));
    expect(res).toMatchObject({ code: 400, data: { signers: "Must be members of the wallet's organisation." } });
  });

  it('an address already on the chain is a 409 on the address field', async () => {
    const existing = (await list('superAdmin')).data.list.find((w) => w.label === 'Aurora cold')!;
    const res = await save('superAdmin', { chainId: 1, orgId: server.orgIds.proA, kind: 'Hot', label: 'copy', address: existing.address });
    expect(res).toMatchObject({ code: 409, msg: 'This address is already a wallet on this chain.', data: { address: 'Already in use.' } });
  });

  it('a manager cannot create a wallet for another org, and employees cannot write at all', async () => {
    const other = await save(
      'merchantProManager',
      multisig({ orgId: server.orgIds.stdB, signers: [users.merchantStdManager, users.merchantStdFinance], threshold: 1 }),
    );
    expect(other.code).toBe(403);
    const employee = await save('merchantProFinance', multisig());
    expect(employee.code).toBe(403);
  });

  it('cold wallets need coldAdmins: operatorEmployee and a lite manager are refused', async () => {
    const operatorEmployee = await save('operatorEmployee', multisig({ kind: 'MultiSigCold' }));
    expect(operatorEmployee).toMatchObject({ code: 403, msg: expect.stringContaining('cold wallets') });
    const lite = await save('merchantLiteManager', {
      chainId: 1,
      orgId: server.orgIds.liteC,
      kind: 'Cold',
      address: demoEvmAddress('lite-cold'),
      label: 'x',
    });
    expect(lite.code).toBe(403);
    const superAdmin = await save('superAdmin', multisig({ kind: 'MultiSigCold', label: 'cold by superAdmin' }));
    expect(superAdmin.code).toBe(200);
  });

  it('update changes the label; a threshold change is refused (governance goes through a proposal)', async () => {
    const id = await idOf('Aurora cold');
    const tooHigh = await walletsOf('merchantProManager').update(id, { threshold: 5 });
    expect(tooHigh).toMatchObject({ code: 409, msg: expect.stringContaining('signer-change proposal') });
    const ok = await walletsOf('merchantProManager').update(id, { label: 'Aurora vault' });
    expect(ok.data.label).toBe('Aurora vault');
  });

  it('a wallet holding funds cannot be deleted; an empty new one can', async () => {
    const funded = await idOf('Birch deposits');
    const refused = await walletsOf('superAdmin').remove(funded);
    expect(refused).toMatchObject({ code: 409, msg: 'The wallet still holds funds or has proposals; it cannot be deleted.' });
    const fresh = await save('superAdmin', {
      chainId: 1,
      orgId: server.orgIds.stdB,
      kind: 'Hot',
      address: demoEvmAddress('to-delete'),
      label: 'to delete',
    });
    const deleted = await walletsOf('superAdmin').remove(fresh.data.id);
    expect(deleted.code).toBe(200);
    const gone = await walletsOf('superAdmin').detail(fresh.data.id);
    expect(gone.code).toBe(404);
  });
});

describe('the database rules, each with its field', () => {
  it('an unknown chain and an unknown org are field errors', async () => {
    expect(await save('superAdmin', multisig({ chainId: 424242 }))).toMatchObject({ code: 400, data: { chainId: 'Does not exist.' } });
    expect(await save('superAdmin', multisig({ orgId: 999999 }))).toMatchObject({ code: 400, data: { orgId: 'Does not exist.' } });
  });

  it('a Hot wallet takes no signers', async () => {
    const res = await save('superAdmin', multisig({ kind: 'Hot', threshold: null }));
    expect(res).toMatchObject({ code: 400, data: { signers: 'Only multisig wallets have signers and a threshold.' } });
  });

  it('the same address in another letter case is still a duplicate, and a refused save adds nothing', async () => {
    const before = (await list('superAdmin')).data.count;
    const birch = (await list('superAdmin')).data.list.find((w) => w.label === 'Birch cold')!;
    const res = await save('superAdmin', {
      chainId: 1,
      orgId: server.orgIds.stdB,
      kind: 'Hot',
      address: birch.address.toLowerCase(),
      label: 'copy',
    });
    expect(res).toMatchObject({ code: 409, data: { address: 'Already in use.' } });
    const tron = (await list('superAdmin')).data.list.find((w) => w.label === 'Aurora TRON hot')!;
    const tronCopy = await save('superAdmin', multisig({ chainId: 728126428, address: tron.address }));
    expect(tronCopy).toMatchObject({ code: 409, data: { address: 'Already in use.' } });
    expect((await list('superAdmin')).data.count).toBe(before);
  });

  it('the same address on another chain is a different wallet', async () => {
    const birch = (await list('superAdmin')).data.list.find((w) => w.label === 'Birch cold')!;
    const res = await save('superAdmin', {
      chainId: 56,
      orgId: server.orgIds.stdB,
      kind: 'Hot',
      address: birch.address,
      label: 'Birch on BSC',
    });
    expect(res).toMatchObject({ code: 200, data: { chainId: 56, address: birch.address } });
  });
});

describe('who may write which wallet', () => {
  const update = (account: string, body: Record<string, unknown>) =>
    server.as(account).call<ChainWalletRecord>('POST', ApiPath.chainWallet.update, { body });
  const detailOf = async (id: number) => (await walletsOf('superAdmin').detail(id)).data;

  it('managers write their own org’s non-cold wallets: agent, lite', async () => {
    const agent = await save('agentManager', {
      chainId: 1,
      orgId: server.orgIds.agentNorth,
      kind: 'Hot',
      address: demoEvmAddress('north 2'),
      label: 'North hot 2',
    });
    expect(agent).toMatchObject({ code: 200, data: { orgName: 'North Agency' } });
    const lite = await save('merchantLiteManager', {
      chainId: 1,
      orgId: server.orgIds.liteC,
      kind: 'Hot',
      address: demoEvmAddress('cedar 2'),
      label: 'Cedar hot 2',
    });
    expect(lite).toMatchObject({ code: 200, data: { orgName: 'Cedar Cafe (Lite)' } });
  });

  it('an agent manager sees its merchants’ wallets but may not change them', async () => {
    const id = await idOf('Aurora deposits');
    const res = await update('agentManager', { id, label: 'taken over' });
    expect(res).toMatchObject({ code: 403, msg: 'Your role may not change this wallet.' });
    const created = await save('agentManager', {
      chainId: 1,
      orgId: server.orgIds.proA,
      kind: 'Hot',
      address: demoEvmAddress('agent for pro'),
      label: 'x',
    });
    expect(created).toMatchObject({ code: 403, msg: 'Your role may not change this wallet.' });
    expect((await detailOf(id)).label).toBe('Aurora deposits');
  });

  it('the operator row writes any org’s non-cold wallet; operatorEmployee may not touch a cold one', async () => {
    const hot = await update('operatorEmployee', { id: await idOf('Elm deposits'), label: 'Elm deposits (ops)' });
    expect(hot).toMatchObject({ code: 200, data: { label: 'Elm deposits (ops)' } });
    const id = await idOf('Birch cold');
    const cold = await update('operatorEmployee', { id, label: 'ops cold' });
    expect(cold).toMatchObject({
      code: 403,
      msg: 'Only superAdmin and the managers of pro, standard and agent organisations may change cold wallets.',
    });
    expect((await detailOf(id)).label).toBe('Birch cold');
  });

  it('a lite manager may not change its MultiSigColdLite wallet (not a coldAdmin); superAdmin may', async () => {
    const id = await idOf('Cedar cold');
    expect((await update('merchantLiteManager', { id, label: 'mine' })).code).toBe(403);
    expect(await update('superAdmin', { id, label: 'Cedar cold (ops)' })).toMatchObject({ code: 200, data: { label: 'Cedar cold (ops)' } });
  });

  it('signers and threshold of a multisig wallet never change by update, whoever asks; the record sent back unchanged passes', async () => {
    const id = await idOf('Birch cold');
    const before = await detailOf(id);
    const changes = [
      { signers: [users.merchantStdManager, users.merchantStdFinance, users.multiOrg], threshold: 3 },
      { signers: [users.merchantStdManager, users.merchantStdFinance] },
      { threshold: 1 },
    ];
    for (const account of ['merchantStdManager', 'superAdmin']) {
      for (const change of changes)
        expect(await update(account, { id, ...change }), `${account} ${JSON.stringify(change)}`).toMatchObject({
          code: 409,
          msg: expect.stringContaining('signer-change proposal'),
        });
    }
    expect(await detailOf(id)).toEqual(before);
    const sameAgain = await update('merchantStdManager', {
      id,
      label: 'Birch cold',
      threshold: before.threshold,
      signers: [...before.signers].reverse().map((s) => s.userId),
    });
    expect(sameAgain).toMatchObject({ code: 200, data: { threshold: 2, label: 'Birch cold' } });
    expect(sameAgain.data.signers).toEqual(before.signers);
  });

  it('update refuses a threshold on a Hot wallet; chain, org, kind and address never change', async () => {
    const id = await idOf('Aurora deposits');
    const res = await update('merchantProManager', { id, threshold: 1 });
    expect(res).toMatchObject({ code: 400, data: { threshold: 'Only multisig wallets have signers and a threshold.' } });
    const ignored = await update('merchantProManager', { id, kind: 'Cold', address: demoEvmAddress('moved'), orgId: server.orgIds.stdB });
    expect(ignored.code).toBe(200);
    expect(ignored.data).toMatchObject({ kind: 'Hot', orgName: 'Aurora Pay (Pro)', address: demoEvmAddress('Aurora deposits') });
  });

  it('employees and finance cannot update or delete', async () => {
    const id = await idOf('Aurora deposits');
    expect((await update('merchantProFinance', { id, label: 'x' })).code).toBe(403);
    expect((await update('merchantProEmployee', { id, label: 'x' })).code).toBe(403);
    expect((await walletsOf('merchantProFinance').remove(id)).code).toBe(403);
    expect((await detailOf(id)).label).toBe('Aurora deposits');
  });

  it('deleting another tenant’s wallet is a 404 and it stays', async () => {
    const id = await idOf('Birch deposits');
    const res = await walletsOf('merchantProManager').remove(id);
    expect(res).toMatchObject({ code: 404, msg: 'Wallet was not found.' });
    expect((await detailOf(id)).label).toBe('Birch deposits');
  });

  it('an empty wallet that a proposal refers to cannot be deleted', async () => {
    const wallet = (await save('merchantProManager', multisig({ label: 'with proposal' }))).data;
    const db = server.app.context.db;
    const currency = await db
      .selectFrom('currency')
      .select('id')
      .where('chainId', '=', 1)
      .where('symbol', '=', 'ETH')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('proposal')
      .values({
        walletId: wallet.id,
        chainId: 1,
        orgId: wallet.orgId,
        kind: 'config',
        toAddress: wallet.address,
        amount: '0',
        symbol: 'ETH',
        currencyId: currency.id,
        memo: '',
        nonce: 1,
        status: 'pending',
        threshold: 2,
        proposerId: users.merchantProManager,
        txHash: null,
        expiresAt: new Date(Date.now() + 3_600_000),
        executedAt: null,
      })
      .execute();
    expect(wallet.balances).toEqual([]);
    const res = await walletsOf('merchantProManager').remove(wallet.id);
    expect(res).toMatchObject({ code: 409, msg: 'The wallet still holds funds or has proposals; it cannot be deleted.' });
    expect((await detailOf(wallet.id)).id).toBe(wallet.id);
  });
});
