import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from './harness';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import { balanceOf, units, startSignServer, type SignClient, proposalCountOf } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * The lite merchant's multisig cold wallet (Cedar cold, 2-of-2: Lena the manager and Liam the
 * employee) moves money by its own people only (docs/DECISIONS.md "Lite signers and the lite cold
 * wallet"): its manager starts, its signers approve and confirm. Each refusal is what an insider
 * would try: a lower role, another org, an outsider who is no signer.
 */
let server: TestServer, sign: SignClient, wallets: Record<string, number>;
const OUTSIDE = demoEvmAddress('lite cold recipient');

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const call = async <T = unknown>(account: string, path: string, body: unknown, orgId?: number) =>
  server.call<T>('POST', path, { token: await sign.token(account), body, orgId });
const withdraw = (walletId: number, overrides: Record<string, unknown> = {}) => ({
  walletId,
  kind: 'withdraw',
  to: OUTSIDE,
  amount: '0.5',
  symbol: 'ETH',
  memo: 'lite cold',
  ...overrides,
});
const queueLength = (walletId: number) => proposalCountOf(server, walletId);
/** Denies every open proposal of a wallet, so the next test starts with a free queue. */
async function clearQueue(walletId: number): Promise<void> {
  for (const p of (await sign.list('merchantLiteManager', { walletId, state: 'open' })).data.list)
    expect((await sign.act('merchantLiteManager', 'deny', p.id)).code).toBe(200);
}

describe('the lite cold wallet', () => {
  it('its manager starts a withdrawal, its two signers approve, one confirms: the money leaves', async () => {
    const cold = wallets['Cedar cold'];
    const before = await balanceOf(server, cold, 'ETH');
    const moved = await call<MovementRecord>('merchantLiteManager', ApiPath.movement.save, withdraw(cold));
    expect(moved).toMatchObject({ code: 200, data: { status: 'pending', txHash: null } });
    const proposalId = moved.data.proposalId!;
    // The start is no approval on a Safe: the manager, a signer, waits for their own signature too.
    expect((await sign.list('merchantLiteManager', { waitingForMe: true })).data.list.map((p) => p.id)).toContain(proposalId);
    expect((await sign.list('merchantLiteEmployee', { waitingForMe: true })).data.list.map((p) => p.id)).toContain(proposalId);
    expect((await sign.act('merchantLiteEmployee', 'approval', proposalId)).data.status).toBe('pending');
    expect((await sign.act('merchantLiteManager', 'approval', proposalId)).data.status).toBe('approved');
    expect((await sign.act('merchantLiteEmployee', 'confirm', proposalId)).data.status).toBe('executed');
    // 0.5 ETH and the 0.002 withdraw fee left; the Safe's gas is the relayer's.
    expect(units(before) - units(await balanceOf(server, cold, 'ETH'))).toBeGreaterThanOrEqual(units('0.502'));
  });

  it('the manager may also start a transfer through /sys/sign/start', async () => {
    const cold = wallets['Cedar cold'];
    const started = await sign.startUnsigned('merchantLiteManager', { ...withdraw(cold), kind: 'transfer', symbol: 'USDT', amount: '100' });
    expect(started).toMatchObject({ code: 200, data: { status: 'pending' } });
    await clearQueue(cold);
  });

  it('a lite employee, though a signer, starts nothing out of it, by either door', async () => {
    const cold = wallets['Cedar cold'];
    const queued = await queueLength(cold);
    const refusal = {
      code: 400,
      data: { walletId: "Only the organisation's manager starts a movement out of its multisig cold wallet; its signers then approve it." },
    };
    for (const path of [ApiPath.movement.save, ApiPath.sign.start]) {
      // A transfer is a kind lite employees start elsewhere: the cold wallet's own rule refuses it.
      expect(await call('merchantLiteEmployee', path, withdraw(cold, { kind: 'transfer' })), path).toMatchObject(refusal);
      // Paying out is no employee's kind at all (PAYOUT_WRITERS).
      expect((await call('merchantLiteEmployee', path, withdraw(cold))).code, path).toBe(403);
    }
    expect(await queueLength(cold)).toBe(queued);
  });

  it('the operator and the agent above it start nothing out of it: it is no wallet of their org, and they are no member of its org', async () => {
    const cold = wallets['Cedar cold'];
    const queued = await queueLength(cold);
    for (const account of ['superAdmin', 'agentManager']) {
      for (const path of [ApiPath.movement.save, ApiPath.sign.start]) {
        // Both are cold admins of their own wallets; a transfer is a kind both may start.
        const body = withdraw(cold, { kind: 'transfer' });
        expect(await call(account, path, body), `${account} ${path}`).toMatchObject({
          code: 400,
          data: { walletId: 'Choose a wallet of the selected organisation.' },
        });
        expect((await call(account, path, body, server.orgIds.liteC)).code, `${account} ${path} as Cedar`).toBe(403);
      }
    }
    expect(await queueLength(cold)).toBe(queued);
  });

  it('who is no signer approves nothing: the operator and the agent see the proposal but may not sign it', async () => {
    const cold = wallets['Cedar cold'];
    const proposalId = (await call<MovementRecord>('merchantLiteManager', ApiPath.movement.save, withdraw(cold))).data.proposalId!;
    for (const account of ['superAdmin', 'agentManager']) {
      expect((await sign.detail(account, proposalId)).data.myActions, account).toEqual([]);
      for (const action of ['approval', 'confirm', 'deny'] as const)
        expect((await sign.act(account, action, proposalId)).code, `${account} ${action}`).toBe(403);
    }
    expect((await sign.detail('merchantLiteManager', proposalId)).data).toMatchObject({ status: 'pending', approvalCount: 0 });
    await clearQueue(cold);
  });

  it('a lite signer reaches no other org: neither its wallets nor its proposals', async () => {
    const aurora = await sign.start('merchantProManager', withdraw(wallets['Aurora cold']));
    expect(aurora.code).toBe(200);
    expect(await call('merchantLiteManager', ApiPath.movement.save, withdraw(wallets['Aurora cold']))).toMatchObject({
      code: 404,
      msg: 'Wallet was not found.',
    });
    expect((await sign.detail('merchantLiteManager', aurora.data.proposalId)).code).toBe(404);
    for (const action of ['approval', 'confirm', 'deny'] as const)
      expect((await sign.act('merchantLiteEmployee', action, aurora.data.proposalId)).code, action).toBe(404);
    expect((await sign.list('merchantLiteManager', { waitingForMe: true })).data.list.every((p) => p.orgId === server.orgIds.liteC)).toBe(
      true,
    );
    // Nor does the pro manager, a cold admin, reach the lite proposal.
    const lite = (await call<MovementRecord>('merchantLiteManager', ApiPath.movement.save, withdraw(wallets['Cedar cold']))).data
      .proposalId!;
    expect((await sign.act('merchantProManager', 'approval', lite)).code).toBe(404);
    await clearQueue(wallets['Cedar cold']);
  });
});
