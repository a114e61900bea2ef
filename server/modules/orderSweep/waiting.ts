import { sql, type Kysely, type RawBuilder } from 'kysely';
import { formatUnits, parseUnits } from 'viem';
import type { Database } from '../../db/schema';
import { ORDER_DEPOSIT_KIND } from '../../../src/contract/merchantOrder';
import { GAS_QUOTES } from '../ledger/networkFee';
import { receivedOf } from '../merchantOrder/service';

/**
 * One order address's money of one currency a sweep can collect (docs/payments.md "Collecting order
 * payments"): the currency the order was priced in, what the books say the address holds of it less
 * what is on its way out; of the chain's own coin, less the gas of sending it (the rest stays).
 */
export interface Collectable {
  walletId: number;
  orgId: number;
  chainId: number;
  family: string;
  chainName: string;
  address: string;
  orderNo: string;
  currencyId: number;
  symbol: string;
  decimals: number;
  /** Null: the chain's own coin. */
  contractAddress: string | null;
  /** What a sweep moves, a decimal string above zero. */
  amount: string;
}

/** The chain's own coin leaves an address less the gas of its own transfer (the quote of docs/ledger.md). */
export function collectableAmount(available: string, decimals: number, native: boolean, family: string): string | null {
  const units = parseUnits(available, decimals) - (native ? parseUnits((GAS_QUOTES[family] ?? GAS_QUOTES.evm!).native, decimals) : 0n);
  return units > 0n ? formatUnits(units, decimals) : null;
}

/**
 * What an overpaid order's address keeps for its refund (docs/payments.md "Refunding an overpaid
 * order's excess"): a paid order's excess (what arrived beyond its amount, as its state reads it) while
 * no refund of it is recorded, or only one that failed; null for any other order. A recorded refund's
 * money is held by its intent, and an executed one has left.
 */
export const unrefundedExcess = (order: RawBuilder<unknown>) => sql<string | null>`
  select greatest(${receivedOf(order)} - ${order}.amount, 0) as amount
  where ${order}.status = 'paid'
    and not exists (select 1 from order_refund r join movement m on m.id = r.movement_id where r.order_id = ${order}.id and m.status <> 'failed')`;

/**
 * The org's order addresses holding money of their order's currency, on one chain or all, oldest
 * order first; an overpaid order's excess stays for its refund (`unrefundedExcess`). A read: the sweep reads each address again under its lock before moving anything.
 */
export async function collectables(db: Kysely<Database>, orgId: number, chainId?: number): Promise<Collectable[]> {
  const rows = await sql<Omit<Collectable, 'amount'> & { available: string }>`
    select w.id as "walletId", w.org_id as "orgId", w.chain_id as "chainId", chain.family, chain.name as "chainName", w.address, o.order_no as "orderNo",
           c.id as "currencyId", c.symbol, c.decimals, c.contract_address as "contractAddress",
           trim_scale(b.amount - coalesce(hold.amount, 0) - coalesce(kept.amount, 0))::text as available
    from chain_wallet w
    join chain on chain.chain_id = w.chain_id
    join payment_order o on o.chain_id = w.chain_id and o.deposit_address = w.address and o.org_id = w.org_id
    join currency c on c.id = o.currency_id
    join wallet_balance b on b.wallet_id = w.id and b.currency_id = c.id
    left join lateral (
      select sum(hold_amount) as amount from chain_intent
      where chain_intent.wallet_id = w.id and chain_intent.hold_currency_id = c.id and chain_intent.settled_at is null
    ) as hold on true
    left join lateral (${unrefundedExcess(sql`o`)}) as kept on true
    where w.org_id = ${orgId} and w.kind = ${ORDER_DEPOSIT_KIND} and b.amount - coalesce(hold.amount, 0) - coalesce(kept.amount, 0) > 0
      ${chainId === undefined ? sql`` : sql`and w.chain_id = ${chainId}`}
    order by o.id`.execute(db);
  return rows.rows.flatMap(({ available, ...row }) => {
    const amount = collectableAmount(available, row.decimals, row.contractAddress === null, row.family);
    return amount ? [{ ...row, amount }] : [];
  });
}

/** The org's hot wallet on a chain that sweeps collect into: its first, as the fee wallet is the operator's first. */
export const collectingWallet = (db: Kysely<Database>, orgId: number, chainId: number) =>
  db
    .selectFrom('chainWallet')
    .select(['id', 'label', 'address'])
    .where('orgId', '=', orgId)
    .where('chainId', '=', chainId)
    .where('kind', '=', 'Hot')
    .orderBy('id')
    .executeTakeFirst();
