import { createHash } from 'node:crypto';
import { sql, type InsertObject, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { demoEvmAddress, demoTronAddress } from './wallets';

const HOUR = 3_600_000;
const TRON = 728126428;

/** A transaction hash as the chain family writes it (0x + 64 hex on EVM, 64 hex on TRON), from a seed text. */
export const demoTxHash = (seed: string, tron: boolean) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return tron ? hex : `0x${hex}`;
};

/**
 * What the simulated chain watcher saw arrive at deposit addresses (read by a re-check):
 * the transfer of every paid order, and some that came too late for their order. In each
 * merchant org the oldest expired checkout payment was paid in full a day late (a re-check
 * completes it); in the first two orgs the oldest expired recharge got half its amount (a
 * re-check finds too little). Chosen by age, so the same orders on every machine.
 */
export async function seedChainTransfers(trx: Transaction<Database>, merchantOrgIds: readonly number[]): Promise<void> {
  const orders = await trx
    .selectFrom('paymentOrder')
    .select([
      'id',
      'orgId',
      'kind',
      'status',
      'chainId',
      'currencyId',
      'amount',
      'payerAddress',
      'depositAddress',
      'txHash',
      'createdAt',
      'paidAt',
    ])
    .where('status', 'in', ['paid', 'expired'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  // Insert objects, not plain rows: a short payment's amount is computed by the database, exactly.
  const transfers: Array<InsertObject<Database, 'chainTransfer'>> = [];
  const base = (order: (typeof orders)[number]) => ({
    chainId: order.chainId,
    currencyId: order.currencyId,
    toAddress: order.depositAddress,
  });

  for (const order of orders.filter((o) => o.status === 'paid')) {
    transfers.push({
      ...base(order),
      fromAddress: order.payerAddress!,
      amount: order.amount,
      txHash: order.txHash!,
      blockTime: order.paidAt!,
    });
  }
  const late = (order: (typeof orders)[number], amount: InsertObject<Database, 'chainTransfer'>['amount']) => {
    const tron = order.chainId === TRON;
    const payer = tron ? demoTronAddress(`late payer ${order.id}`) : demoEvmAddress(`late payer ${order.id}`);
    transfers.push({
      ...base(order),
      fromAddress: payer,
      amount,
      txHash: demoTxHash(`late ${order.id}`, tron),
      blockTime: new Date(order.createdAt.getTime() + 24 * HOUR),
    });
  };
  const oldestExpired = (orgId: number, kind: string) => orders.find((o) => o.status === 'expired' && o.orgId === orgId && o.kind === kind);
  for (const [index, orgId] of merchantOrgIds.entries()) {
    const payment = oldestExpired(orgId, 'payment');
    if (payment) late(payment, payment.amount);
    const recharge = index < 2 ? oldestExpired(orgId, 'recharge') : undefined;
    if (recharge) late(recharge, sql<string>`trim_scale(${recharge.amount}::numeric / 2)`);
  }
  await trx.insertInto('chainTransfer').values(transfers).execute();
}
