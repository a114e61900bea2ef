import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';

let server: TestServer;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProManager', 'merchantProFinance', 'merchantProEmployee', 'merchantStdManager', 'merchantLiteManager']) {
    tokens[account] = await server.login(account);
  }
  for (const row of await server.app.context.db.selectFrom('appUser').select(['id', 'account']).execute()) users[row.account] = row.id;
});
afterAll(() => server?.close());

const list = (account: string, query: Record<string, string | number> = {}) =>
  server.call<ListResult<ChainWalletRecord>>('GET', '/sys/chain-wallet/list', { token: tokens[account], query: { pageSize: 100, ...query } });
const save = (account: string, body: Record<string, unknown>) => server.call<ChainWalletRecord>('POST', '/sys/chain-wallet/save', { token: tokens[account], body });
const idOf = async (label: string) => (await list('superAdmin')).data.list.find((w) => w.label === label)!.id;

const multisig = (overrides: Record<string, unknown> = {}) => ({
  chainId: 1,
  orgId: server.orgIds.proA,
  kind: 'MultiSigHot',
  address: demoEvmAddress(`new-${Math.random()}`),
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
    expect(cold.balances).toEqual(expect.arrayContaining([expect.objectContaining({ symbol: 'ETH', amount: '25.5' })]));
  });

  it('an agent sees its own org and the merchants under it, not another agent’s merchants', async () => {
    const orgs = new Set((await list('agentManager')).data.list.map((w) => w.orgName));
    expect(orgs).toEqual(new Set(['North Agency', 'Aurora Pay (Pro)', 'Birch Goods (Standard)', 'Cedar Cafe (Lite)']));
  });

  it('a merchant sees only its own org', async () => {
    const orgs = new Set((await list('merchantProFinance')).data.list.map((w) => w.orgName));
    expect(orgs).toEqual(new Set(['Aurora Pay (Pro)']));
  });

  it('guessing another tenant’s wallet id is a 404, the same as an unknown id', async () => {
    const birch = await idOf('Birch cold');
    const guessed = await server.call('GET', '/sys/chain-wallet/detail', { token: tokens.merchantProManager, query: { id: birch } });
    const unknown = await server.call('GET', '/sys/chain-wallet/detail', { token: tokens.merchantProManager, query: { id: 999999 } });
    expect(guessed).toMatchObject({ code: 404, msg: 'Wallet was not found.', data: null });
    expect(unknown).toEqual(guessed);
    const update = await server.call('POST', '/sys/chain-wallet/update', { token: tokens.merchantProManager, body: { id: birch, label: 'mine now' } });
    expect(update.code).toBe(404);
    const after = await server.call<ChainWalletRecord>('GET', '/sys/chain-wallet/detail', { token: tokens.superAdmin, query: { id: birch } });
    expect(after.data.label).toBe('Birch cold');
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
    const res = await save('superAdmin', multisig({ address: address.toLowerCase(), label: 'lower' }));
    expect(res.data.address).toBe(address);
    // Flipping the case of one letter breaks the EIP-55 checksum.
    const i = address.slice(2).search(/[a-fA-F]/) + 2;
    const c = address[i];
    const mixed = address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
    const refused = await save('superAdmin', multisig({ address: mixed, label: 'bad checksum' }));
    expect(refused).toMatchObject({ code: 400, data: { address: 'The address checksum is wrong (EIP-55 mixed case).' } });
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
    { case: 'threshold on a hot wallet', body: { kind: 'Hot', signers: [] }, field: 'threshold', msg: 'Only multisig wallets have signers and a threshold.' },
    { case: 'unknown kind', body: { kind: 'Piggybank' }, field: 'kind', msg: expect.stringContaining('Must be one of') },
  ])('refuses $case with a field message', async ({ body, field, msg }) => {
    const res = await save('superAdmin', multisig(body));
    expect(res.code).toBe(400);
    expect((res.data as unknown as Record<string, string>)[field]).toEqual(msg);
  });

  it('signers must be members of the wallet’s org', async () => {
    const res = await save('superAdmin', multisig({ signers: [users.merchantProManager, users.merchantStdManager] }));
    expect(res).toMatchObject({ code: 400, data: { signers: 'Must be members of the wallet\'s organisation.' } });
  });

  it('an address already on the chain is a 409 on the address field', async () => {
    const existing = (await list('superAdmin')).data.list.find((w) => w.label === 'Aurora cold')!;
    const res = await save('superAdmin', multisig({ address: existing.address }));
    expect(res).toMatchObject({ code: 409, msg: 'This address is already a wallet on this chain.', data: { address: 'Already in use.' } });
  });

  it('a manager cannot create a wallet for another org, and employees cannot write at all', async () => {
    const other = await save('merchantProManager', multisig({ orgId: server.orgIds.stdB, signers: [users.merchantStdManager], threshold: 1 }));
    expect(other.code).toBe(403);
    const employee = await save('merchantProFinance', multisig());
    expect(employee.code).toBe(403);
  });

  it('cold wallets need coldAdmins: operatorEmployee and a lite manager are refused', async () => {
    const operatorEmployee = await save('operatorEmployee', multisig({ kind: 'MultiSigCold' }));
    expect(operatorEmployee).toMatchObject({ code: 403, msg: expect.stringContaining('cold wallets') });
    const lite = await save('merchantLiteManager', { chainId: 1, orgId: server.orgIds.liteC, kind: 'Cold', address: demoEvmAddress('lite-cold'), label: 'x' });
    expect(lite.code).toBe(403);
    const superAdmin = await save('superAdmin', multisig({ kind: 'MultiSigCold', label: 'cold by superAdmin' }));
    expect(superAdmin.code).toBe(200);
  });

  it('update re-checks the rules on the merged wallet', async () => {
    const id = await idOf('Aurora cold');
    const tooHigh = await server.call('POST', '/sys/chain-wallet/update', { token: tokens.merchantProManager, body: { id, threshold: 5 } });
    expect(tooHigh).toMatchObject({ code: 400, data: { threshold: 'Cannot be more than the 3 signers.' } });
    const ok = await server.call<ChainWalletRecord>('POST', '/sys/chain-wallet/update', { token: tokens.merchantProManager, body: { id, label: 'Aurora vault' } });
    expect(ok.data.label).toBe('Aurora vault');
  });

  it('a wallet holding funds cannot be deleted; an empty new one can', async () => {
    const funded = await idOf('Birch deposits');
    const refused = await server.call('POST', `/sys/chain-wallet/delete/${funded}`, { token: tokens.superAdmin });
    expect(refused).toMatchObject({ code: 409, msg: 'The wallet still holds funds or has proposals; it cannot be deleted.' });
    const fresh = await save('superAdmin', { chainId: 1, orgId: server.orgIds.stdB, kind: 'Hot', address: demoEvmAddress('to-delete'), label: 'to delete' });
    const deleted = await server.call('POST', `/sys/chain-wallet/delete/${fresh.data.id}`, { token: tokens.superAdmin });
    expect(deleted.code).toBe(200);
    const gone = await server.call('GET', '/sys/chain-wallet/detail', { token: tokens.superAdmin, query: { id: fresh.data.id } });
    expect(gone.code).toBe(404);
  });
});
