import { expect } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type LocalAccount } from 'viem';
import type { TestServer } from './harness';
import { ETH_CHAIN, signClient, verifyLedger } from './signSupport';
import { readChainUpTo } from './chainSupport';
import type { Devnet } from '../../server/chain/evm/devnet';
import { ApiPath } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';

/** An answer's data, once it is known to be an ok envelope. */
export const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};

/** What paying an order on the ETH devnet needs: the server, its devnet, its USDT and the paying account. */
export interface OrderPayment {
  server: TestServer;
  devnet: Devnet;
  usdt: { id: number; contractAddress: Address; decimals: number };
  payer: LocalAccount;
}

/**
 * Orders of proA's through pay links of their own (codes `<tag>-<n>`), each paid with `paid` USDT on
 * the devnet by the payer and booked by the watcher (docs/payments.md "Order states"); `paid` "0": none.
 */
export function orderPayer({ server, devnet, usdt, payer }: OrderPayment, tag: string) {
  let linkSeq = 0;
  return async function paidOrder(amount: string, paid = amount): Promise<CheckoutOrder & { checkoutCode: string; id: number }> {
    const code = `${tag}-${++linkSeq}`;
    await server.db
      .insertInto('payLink')
      .values({ orgId: server.orgIds.proA, code, title: code, currencyId: usdt.id, amount, enabled: true })
      .execute();
    const { checkoutCode } = ok(
      await server.call<{ checkoutCode: string }>('POST', ApiPath.checkout.payLinkOrder.replace('{code}', code), { body: {} }),
    );
    const checkout = ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', checkoutCode)));
    const { id } = await server.db
      .selectFrom('paymentOrder')
      .select('id')
      .where('orderNo', '=', checkout.orderNo)
      .executeTakeFirstOrThrow();
    const order = { ...checkout, checkoutCode, id };
    // Nothing paid: the order stays pending.
    if (paid === '0') return order;
    await devnet.send(payer, {
      to: usdt.contractAddress,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [getAddress(order.depositAddress), parseUnits(paid, usdt.decimals)],
      }),
    });
    await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
    return order;
  };
}

/** The wallet at an address (an order's own address is one of its org's wallets, kind OrderDeposit). */
export const walletAt = (server: TestServer, address: string) =>
  server.db.selectFrom('chainWallet').select(['id', 'orgId', 'kind']).where('address', '=', address).executeTakeFirstOrThrow();

/** The books balance and agree with the chains (`/sys/ledger/verify`, the operator's). */
export const expectBalanced = async (server: TestServer) =>
  expect(await verifyLedger(server, signClient(server))).toMatchObject({ balanced: true, breaks: [] });
