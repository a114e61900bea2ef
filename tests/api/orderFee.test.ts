import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { startTestServer, type TestServer } from './harness';
import { ETH_CHAIN } from './signSupport';
import { payOnChain, readChainUpTo } from './chainSupport';
import { devnetAccount } from '../../server/chain/evm/devnet';
import { orderFeeOf } from '../../src/contract/orderFee';
import { sumDecimals } from '../../src/pages/home/sumDecimals';
import type { ListResult } from '../../src/contract/envelope';
import type { OrderReportRecord, OrderReportTotal } from '../../src/contract/schemas/report';
import { ApiPath } from '../../src/contract/apiPaths';

// An order paid on chain carries its fee as every paid order does (docs/DECISIONS.md "An order's fee"),
// so the payment report's fee total counts it.
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('superAdmin');
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
type Query = Record<string, string | number>;
const list = (query: Query) =>
  server.call<ListResult<OrderReportRecord>>('GET', ApiPath.report.payment.list, { token, query: { pageSize: 500, ...query } });
const totals = (query: Query) => server.call<{ list: OrderReportTotal[] }>('GET', ApiPath.report.payment.totals, { token, query });

describe('the fee of an order paid on chain', () => {
  it('is booked when the watcher pays it, and the report’s fee total includes it', async () => {
    const usdt = await db()
      .selectFrom('currency')
      .select(['id', 'decimals'])
      .where('chainId', '=', ETH_CHAIN)
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const deposit = await db()
      .insertInto('chainWallet')
      .values({
        chainId: ETH_CHAIN,
        orgId: server.orgIds.proA,
        kind: 'Hot',
        address: devnetAccount('fee test deposits').address,
        label: 'Fee test deposits',
        threshold: null,
      })
      .returning(['id', 'address'])
      .executeTakeFirstOrThrow();
    const before = (await totals({ chainId: ETH_CHAIN })).data.list.find((t) => t.symbol === 'USDT')!;
    const order = await db()
      .insertInto('paymentOrder')
      .values({
        orderNo: 'PAYFEE0000001',
        orgId: server.orgIds.proA,
        kind: 'payment',
        chainId: ETH_CHAIN,
        currencyId: usdt.id,
        amount: '1234.56',
        fee: '0',
        status: 'pending',
        depositAddress: deposit.address,
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { blockNumber } = await payOnChain(
      server,
      ETH_CHAIN,
      deposit.address,
      'USDT',
      '1234.56',
      getAddress(devnetAccount('a customer paying a fee').address),
    );
    await readChainUpTo(server, ETH_CHAIN, blockNumber);

    const paid = (await list({ q: 'PAYFEE0000001' })).data.list;
    expect(paid).toEqual([expect.objectContaining({ id: order.id, status: 'paid', fee: orderFeeOf('1234.56', usdt.decimals) })]);
    expect(paid[0].fee).toBe('6.1728');
    // Every paid order of the report carries a fee, and the total is theirs plus this one's.
    const all = (await list({ chainId: ETH_CHAIN })).data.list.filter((o) => o.symbol === 'USDT' && o.status === 'paid');
    expect(all.every((o) => o.fee !== '0')).toBe(true);
    const after = (await totals({ chainId: ETH_CHAIN })).data.list.find((t) => t.symbol === 'USDT')!;
    expect(after.fee).toBe(sumDecimals([before.fee, '6.1728']));
    expect(after.fee).toBe(sumDecimals(all.map((o) => o.fee)));
  });
});
