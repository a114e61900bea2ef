import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { type TestServer } from './harness';
import { balanceOf, chainBalanceOf, chainHoldingOf, ETH_CHAIN, units, startSignServer, type SignClient, verifyLedger } from './signSupport';
import { rpc } from '../../server/chain/evm/edrProvider';
import type { Devnet } from '../../server/chain/evm/devnet';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { PolicyDetail } from '../../src/contract/schemas/policy';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * A withdrawal out of a hot wallet is two chain transactions: the amount, then the fee to the
 * platform's fee wallet. When the second fails after the first went (its gas eaten by a greedy
 * destination, a node gone between the two), the amount has left: the books must say so, and the
 * request must not be open to a second run (docs/ledger.md "When the fee's transaction fails").
 * Here the fee wallet refuses the coin (code that always reverts), so the fee's transaction fails
 * every time, deterministically.
 */
const OUTSIDER = getAddress('0x4444444444444444444444444444444444444444');

let server: TestServer, client: SignClient, wallets: Record<string, number>, addresses: Record<string, string>, devnet: Devnet;
beforeAll(async () => {
  ({ server, sign: client, wallets, addresses } = await startSignServer());
  devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
});
afterAll(() => server?.close());

const feeWallet = () => getAddress(addresses['Operator hot']);
const refuseFees = () => rpc(devnet.provider, 'hardhat_setCode', [feeWallet(), '0xfe']);
afterEach(() => rpc(devnet.provider, 'hardhat_setCode', [feeWallet(), '0x']));

/** A wallet's ETH in the books and on chain (the chain may hold more: payments the watcher, off in tests, has not read). */
const holdings = async (walletId: number) => ({
  books: units(await balanceOf(server, walletId, 'ETH')),
  chain: units(await chainBalanceOf(server, walletId, 'ETH')),
});
const verify = () => verifyLedger(server, client);
const breaksOf = async (walletIds: number[]) =>
  (await verify()).breaks.filter((b) => 'walletId' in b && walletIds.includes(b.walletId as number));
const withdraw = async (account: string, amount: string) =>
  server.call<MovementRecord & { proposalId?: number; status?: string }>('POST', ApiPath.movement.save, {
    token: await client.token(account),
    body: { kind: 'withdraw', walletId: wallets['Aurora deposits'], to: OUTSIDER, symbol: 'ETH', amount, memo: '' },
  });

describe('the fee’s transaction fails after the amount left', () => {
  it('a direct withdrawal is booked as sent, without the fee: books equal the chain, and nothing is sent twice', async () => {
    const hot = wallets['Aurora deposits'];
    const fees = wallets['Operator hot'];
    const [outsiderBefore, feeChainBefore, feeBooksBefore] = [
      await chainHoldingOf(server, ETH_CHAIN, OUTSIDER, 'ETH'),
      await chainBalanceOf(server, fees, 'ETH'),
      await balanceOf(server, fees, 'ETH'),
    ];
    const hotBefore = await holdings(hot);
    await refuseFees();
    const res = await withdraw('merchantProFinance', '0.1');
    expect(res.code, JSON.stringify(res)).toBe(200);
    const movement = await server.app.context.db
      .selectFrom('movement')
      .select(['status', 'fee', 'txHash'])
      .where('walletId', '=', hot)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ status: 'executed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(units(movement.fee)).toBe(0n);
    // The amount left once; the fee did not.
    expect(units(await chainHoldingOf(server, ETH_CHAIN, OUTSIDER, 'ETH'))).toBe(units(outsiderBefore) + units('0.1'));
    expect(await chainBalanceOf(server, fees, 'ETH')).toBe(feeChainBefore);
    expect(await balanceOf(server, fees, 'ETH')).toBe(feeBooksBefore);
    // The wallet's books moved as the chain did (amount and every gas paid, the fee's too).
    const hotAfter = await holdings(hot);
    expect(hotAfter.books - hotBefore.books).toBe(hotAfter.chain - hotBefore.chain);
    expect(hotBefore.books - hotAfter.books).toBeGreaterThan(units('0.1'));
    expect(await breaksOf([hot, fees])).toEqual([]);
  });

  it('a hot wallet’s approved proposal executes once: booked without the fee, and a second confirm sends nothing', async () => {
    const hot = wallets['Aurora deposits'];
    // Aurora's policy: outflows to addresses outside its book need one more approval (a proposal out of the hot wallet).
    const rule = { name: '', kinds: [], destination: 'notInBook', action: 'requireMore', approvals: 1 };
    expect(
      (
        await server.call<PolicyDetail>('POST', ApiPath.policy.save, {
          token: await client.token('merchantProManager'),
          body: { rules: [rule], delayHours: 24 },
        })
      ).code,
    ).toBe(200);
    server.advanceClock(24 * 3_600_000 + 60_000);
    client.forgetSessions();

    const started = await withdraw('merchantProFinance', '0.05');
    expect(started.data).toMatchObject({ status: 'pending', proposalId: expect.any(Number) });
    const id = started.data.proposalId!;
    expect((await client.act('merchantProManager', 'approval', id)).data.status).toBe('approved');
    const outsiderBefore = await chainHoldingOf(server, ETH_CHAIN, OUTSIDER, 'ETH');
    const hotBefore = await holdings(hot);
    await refuseFees();
    const confirmed = await client.act('merchantProFinance', 'confirm', id);
    expect(confirmed.code, JSON.stringify(confirmed)).toBe(200);
    expect(confirmed.data.status).toBe('executed');
    const stored = await server.app.context.db
      .selectFrom('proposal')
      .select(['status', 'fee'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('executed');
    expect(units(stored.fee)).toBe(0n);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, OUTSIDER, 'ETH'))).toBe(units(outsiderBefore) + units('0.05'));

    // Confirming it again: refused, and the chain does not move.
    const again = await client.act('merchantProFinance', 'confirm', id);
    expect(again.code).not.toBe(200);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, OUTSIDER, 'ETH'))).toBe(units(outsiderBefore) + units('0.05'));
    const hotAfter = await holdings(hot);
    expect(hotAfter.books - hotBefore.books).toBe(hotAfter.chain - hotBefore.chain);
    expect(await breaksOf([hot, wallets['Operator hot']])).toEqual([]);
  });
});
