import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { ETH_CHAIN } from './signSupport';
import { expectBalanced, orderPayer } from './orderSupport';
import { payOnChain, readChainUpTo, startDepositServer } from './chainSupport';
import { devnetAccount } from '../../server/chain/evm/devnet';
import { ORDER_RECONCILE_AFTER_EXPIRY_MS, reconciledWallets } from '../../server/modules/deposit/reconciledWallets';
import { ORDER_DEPOSIT_KIND } from '../../src/contract/merchantOrder';
import { ApiPath } from '../../src/contract/apiPaths';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';

// The deposit watcher reads every transfer into the orders' own addresses, however old the order;
// the native-balance reconciliation of each poll (two reads per wallet) takes an order's address only
// until a week after its expiry (docs/chains.md "Deposits"), so it follows the orders open now.
let server: TestServer;
const payer = devnetAccount('a payer of orders watched and no longer watched');
const DAY = 24 * 3_600_000;
let newOrder: ReturnType<typeof orderPayer>;

beforeAll(async () => {
  let devnet, usdt;
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
  newOrder = orderPayer({ server, devnet, usdt, payer }, 'watch-link');
}, 120_000);
afterAll(() => server?.close());

/** Moves an order's expiry `ago` milliseconds into the past. */
const expiredAgo = (orderId: number, ago: number) =>
  server.db
    .updateTable('paymentOrder')
    .set({ expiresAt: new Date(Date.now() - ago) })
    .where('id', '=', orderId)
    .execute();
const transfersInto = (address: string) =>
  server.db.selectFrom('chainTransfer').select(['txHash', 'fromAddress']).where('toAddress', '=', address).execute();

describe('watching order addresses', () => {
  it('reconciles the native balance of open orders’ addresses only, up to a week after their expiry, and every other wallet', async () => {
    const recent = await newOrder('5', '0');
    const old = await newOrder('6', '0');
    await expiredAgo(recent.id, 6 * DAY);
    await expiredAgo(old.id, ORDER_RECONCILE_AFTER_EXPIRY_MS + DAY);
    const reconciled = new Set((await reconciledWallets(server.db, ETH_CHAIN, new Date())).map((w) => w.address));
    expect(reconciled.has(recent.depositAddress)).toBe(true);
    expect(reconciled.has(old.depositAddress)).toBe(false);
    const others = await server.db
      .selectFrom('chainWallet')
      .select('address')
      .where('chainId', '=', ETH_CHAIN)
      .where('kind', '<>', ORDER_DEPOSIT_KIND)
      .execute();
    expect(others.length).toBeGreaterThan(0);
    for (const { address } of others) expect(reconciled.has(address), address).toBe(true);
  });

  it('still reads every payment into an order’s address, a month after its expiry too: kept as paid late, the books balanced', async () => {
    const order = await newOrder('7', '0');
    await expiredAgo(order.id, 30 * DAY);
    const { blockNumber } = await payOnChain(server, ETH_CHAIN, order.depositAddress, 'USDT', '7', payer.address);
    await readChainUpTo(server, ETH_CHAIN, blockNumber);
    expect(await transfersInto(order.depositAddress)).toHaveLength(1);
    expect((await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', order.checkoutCode))).data.state).toBe(
      'paid_late',
    );
    await expectBalanced(server);
  });
});
