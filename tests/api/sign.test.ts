import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';
import type { ProposalDetail, ProposalRecord, SignLogRecord } from '../../src/contract/schemas/sign';
import { demoEvmAddress } from '../../server/db/seed/wallets';

let server: TestServer;
const tokens: Record<string, string> = {};
let auroraCold: ChainWalletRecord;
let birchCold: ChainWalletRecord;
const RECIPIENT = demoEvmAddress('external recipient');

beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'merchantProManager', 'merchantProFinance', 'merchantProEmployee', 'merchantStdManager', 'merchantStdEmployee', 'agentManager', 'merchantLiteManager']) {
    tokens[account] = await server.login(account);
  }
  const wallets = await server.call<ListResult<ChainWalletRecord>>('GET', '/sys/chain-wallet/list', { token: tokens.superAdmin, query: { pageSize: 100 } });
  auroraCold = wallets.data.list.find((w) => w.label === 'Aurora cold')!;
  birchCold = wallets.data.list.find((w) => w.label === 'Birch cold')!;
});
afterAll(() => server?.close());

const start = (account: string, body: Record<string, unknown>) =>
  server.call<{ proposalId: number; nonce: number; status: string }>('POST', '/sys/sign/start', { token: tokens[account], body });
const act = (account: string, action: 'approval' | 'confirm' | 'deny', proposalId: number, comment = '') =>
  server.call<ProposalDetail>('POST', `/sys/sign/${action}`, { token: tokens[account], body: { proposalId, comment } });
const detail = (account: string, proposalId: number) => server.call<ProposalDetail>('GET', '/sys/sign/detail', { token: tokens[account], query: { proposalId } });
const balance = async (walletId: number, symbol: string) => {
  const w = await server.call<ChainWalletRecord>('GET', '/sys/chain-wallet/detail', { token: tokens.superAdmin, query: { id: walletId } });
  return w.data.balances.find((b) => b.symbol === symbol)?.amount;
};
const transfer = (overrides: Record<string, unknown> = {}) => ({ walletId: auroraCold.id, kind: 'transfer', to: RECIPIENT, amount: '1.5', symbol: 'ETH', memo: 'payout', ...overrides });

describe('a 2-of-3 transfer from start to execution', () => {
  it('manager starts (cold wallet: coldAdmins), finance approves, confirm executes once with ledger and log', async () => {
    // Out of a cold wallet only coldAdmins start, whatever the kind:
    expect((await start('merchantProFinance', transfer())).msg).toContain('cold wallets');
    const started = await start('merchantProManager', transfer());
    expect(started).toMatchObject({ code: 200, data: { status: 'pending' } });
    const id = started.data.proposalId;

    const afterStart = await detail('merchantProFinance', id);
    expect(afterStart.data.approvals.map((a) => a.account)).toEqual(['merchantProManager']);
    expect(afterStart.data.myActions).toEqual(['approval', 'deny']);

    const approved = await act('merchantProFinance', 'approval', id, 'looks right');
    expect(approved.data).toMatchObject({ status: 'approved', approvalCount: 2, threshold: 2 });
    expect((await act('merchantProFinance', 'approval', id)).code).toBe(409);

    const before = await balance(auroraCold.id, 'ETH');
    const executed = await act('merchantProEmployee', 'confirm', id);
    expect(executed.data.status).toBe('executed');
    expect(executed.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Number(await balance(auroraCold.id, 'ETH'))).toBeCloseTo(Number(before) - 1.5, 10);
    expect((await act('merchantProEmployee', 'confirm', id)).code).toBe(409);

    const logs = await server.call<ListResult<SignLogRecord>>('GET', '/sys/sign/log/list', { token: tokens.merchantProManager, query: { proposalId: id } });
    expect(logs.data.list.map((l) => [l.action, l.actor])).toEqual([
      ['start', 'merchantProManager'],
      ['approval', 'merchantProFinance'],
      ['confirm', 'merchantProEmployee'],
    ]);
    const ledger = await server.app.context.db.selectFrom('ledgerEntry').selectAll().where('proposalId', '=', id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0].delta).toBe('-1.5');
  });
});

describe('rules', () => {
  it('out of a hot multisig wallet a transfer needs allowTransfer: pro finance yes, pro manager no', async () => {
    const wallets = await server.call<ListResult<ChainWalletRecord>>('GET', '/sys/chain-wallet/list', { token: tokens.superAdmin, query: { pageSize: 100 } });
    const hot = wallets.data.list.find((w) => w.label === 'Aurora TRON hot')!;
    const body = { walletId: hot.id, kind: 'transfer', to: hot.address, amount: '1', symbol: 'TRX', memo: '' };
    expect(await start('merchantProManager', body)).toMatchObject({ code: 403, msg: 'Your role may not start transfers.' });
    const ok = await start('merchantProFinance', body);
    expect(ok.code).toBe(200);
    await act('merchantProManager', 'deny', ok.data.proposalId);
  });

  it('a non-signer cannot act (403) and another tenant gets 404', async () => {
    const { data } = await start('merchantProManager', transfer({ kind: 'withdraw', amount: '0.1' }));
    expect((await act('superAdmin', 'approval', data.proposalId)).code).toBe(403);
    expect((await act('merchantStdManager', 'approval', data.proposalId))).toMatchObject({ code: 404, msg: 'Proposal was not found.' });
    expect((await detail('merchantStdManager', data.proposalId)).code).toBe(404);
    await act('merchantProFinance', 'deny', data.proposalId);
  });

  it('a lite merchant reaches no multisig endpoint', async () => {
    expect((await server.call('GET', '/sys/sign/list', { token: tokens.merchantLiteManager })).code).toBe(403);
  });

  it('deny by any signer vetoes; actions on a finished proposal are 409', async () => {
    const { data } = await start('merchantProManager', transfer({ kind: 'withdraw', amount: '0.2' }));
    const denied = await act('merchantProEmployee', 'deny', data.proposalId, 'unknown recipient');
    expect(denied.data.status).toBe('denied');
    expect(denied.data.denials.map((d) => d.comment)).toEqual(['unknown recipient']);
    expect(await act('merchantProFinance', 'approval', data.proposalId)).toMatchObject({ code: 409, msg: 'This proposal is already denied; nothing more can be done with it.' });
  });

  it('nonces execute in order: a higher nonce waits for the lower one', async () => {
    const first = await start('merchantStdManager', { walletId: birchCold.id, kind: 'withdraw', to: RECIPIENT, amount: '1', symbol: 'ETH', memo: '' });
    const second = await start('merchantStdManager', { walletId: birchCold.id, kind: 'withdraw', to: RECIPIENT, amount: '1', symbol: 'ETH', memo: '' });
    expect(second.data.nonce).toBe(first.data.nonce + 1);
    tokens.merchantStdFinance ??= await server.login('merchantStdFinance');
    await act('merchantStdFinance', 'approval', second.data.proposalId);
    const blocked = await act('merchantStdFinance', 'confirm', second.data.proposalId);
    expect(blocked).toMatchObject({ code: 409, msg: `Nonce ${first.data.nonce} must be executed first.` });
    const queue = await server.call<ListResult<ProposalRecord>>('GET', '/sys/sign/list', { token: tokens.merchantStdManager, query: { walletId: birchCold.id, status: 'approved' } });
    expect(queue.data.list.find((p) => p.id === second.data.proposalId)).toMatchObject({ isNext: false, blockedByNonce: first.data.nonce });
    await act('merchantStdFinance', 'approval', first.data.proposalId);
    expect((await act('merchantStdEmployee', 'confirm', first.data.proposalId)).data.status).toBe('executed');
    expect((await act('merchantStdEmployee', 'confirm', second.data.proposalId)).data.status).toBe('executed');
  });

  it.each([
    { case: 'too many decimals', body: { amount: '0.0000000000000000001' }, field: 'amount', msg: 'At most 18 decimal places.' },
    { case: 'a negative amount', body: { amount: '-1' }, field: 'amount', msg: 'Must be a positive decimal number.' },
    { case: 'a JS number', body: { amount: 1 }, field: 'amount', msg: expect.stringContaining('decimal strings') },
    { case: 'more than the balance', body: { amount: '1000000' }, field: 'amount', msg: expect.stringContaining('More than the wallet holds') },
    { case: 'an unknown symbol', body: { symbol: 'DOGE' }, field: 'symbol', msg: 'Does not exist.' },
    { case: 'a bad recipient', body: { to: 'T-not-evm' }, field: 'to', msg: 'Not a valid EVM address.' },
    { case: 'an unknown kind', body: { kind: 'gift' }, field: 'kind', msg: expect.stringContaining('Must be one of') },
  ])('start refuses $case with a field message', async ({ body, field, msg }) => {
    const res = await start('merchantProManager', transfer({ kind: 'withdraw', ...body }));
    expect(res.code).toBe(400);
    expect((res.data as unknown as Record<string, string>)[field]).toEqual(msg);
  });

  it('a proposal expires after its time to live; acting on it is refused and logged', async () => {
    const { data } = await start('merchantProManager', transfer({ kind: 'withdraw', amount: '0.3' }));
    server.advanceClock(server.app.context.config.proposalTtlHours * 3_600_000 + 1000);
    // Sessions live shorter than proposals: sign in again at the new time.
    for (const account of Object.keys(tokens)) tokens[account] = await server.login(account);
    const refused = await act('merchantProFinance', 'approval', data.proposalId);
    expect(refused).toMatchObject({ code: 409, msg: 'This proposal has expired.' });
    expect((await detail('merchantProManager', data.proposalId)).data.status).toBe('expired');
    const logs = await server.call<ListResult<SignLogRecord>>('GET', '/sys/sign/log/list', { token: tokens.merchantProManager, query: { proposalId: data.proposalId } });
    expect(logs.data.list.map((l) => l.action)).toEqual(['start', 'expire']);
  });

  it('the sign log cannot be changed, not even with raw SQL', async () => {
    await expect(sql`update sign_log set comment = 'rewritten'`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from sign_log`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
  });
});

describe('exactly once under concurrency', () => {
  it('20 simultaneous confirms execute once and debit once', async () => {
    const { data } = await start('merchantProManager', transfer({ kind: 'withdraw', amount: '2' }));
    await act('merchantProFinance', 'approval', data.proposalId);
    const before = Number(await balance(auroraCold.id, 'ETH'));
    const confirmers = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => act(confirmers[i % 3], 'confirm', data.proposalId)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 409)).toHaveLength(19);
    expect(Number(await balance(auroraCold.id, 'ETH'))).toBeCloseTo(before - 2, 10);
    const ledger = await server.app.context.db.selectFrom('ledgerEntry').select('id').where('proposalId', '=', data.proposalId).execute();
    expect(ledger).toHaveLength(1);
  });

  it('the last approval racing a deny leaves one consistent outcome', async () => {
    const { data } = await start('merchantProManager', transfer({ kind: 'withdraw', amount: '0.5' }));
    const [approval, deny] = await Promise.all([act('merchantProFinance', 'approval', data.proposalId), act('merchantProEmployee', 'deny', data.proposalId)]);
    const final = (await detail('merchantProManager', data.proposalId)).data;
    expect(['approved', 'denied']).toContain(final.status);
    if (final.status === 'denied') expect(deny.code).toBe(200);
    if (final.status === 'approved') expect(deny.code).toBe(409);
    expect(approval.code).toBe(200);
  });
});
