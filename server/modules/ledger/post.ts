import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/apiError';
import type { LedgerReason } from '../../../src/contract/ledger';

type Trx = Transaction<Database>;

/** One balance change and its cause (docs/DECISIONS.md "Ledger"). */
export interface Posting {
  walletId: number;
  currencyId: number;
  /** Signed decimal string: negative leaves the wallet. */
  delta: string;
  reason: LedgerReason;
  proposalId?: number | null;
  movementId?: number | null;
  orderId?: number | null;
  /** Which credit of its order a `payment` or its `reorg` reversal is (1 unless a reorg reversed one; migration 035). */
  orderRound?: number;
  /** The record an `internal transfer` credit (or its reversal) books (migration 037). */
  internalCreditId?: number | null;
  txHash: string | null;
  at: Date;
}

/** A debit a wallet cannot cover: what it holds and what the postings take. */
export interface Shortfall {
  walletId: number;
  currencyId: number;
  symbol: string;
  held: string;
  needed: string;
}

const negative = (delta: string) => delta.startsWith('-');

/**
 * What the debits among `postings` would take beyond the balances held now, per wallet and
 * currency (credits in the same batch are not counted: a batch never lends to itself). What an
 * outflow on its way to the chain holds (an unsettled intent: docs/ledger.md "Record before
 * sending") is not the wallet's to spend. The caller holds the wallets' row locks, so the answer
 * stays true until it commits.
 */
export async function shortfalls(trx: Trx, postings: readonly Pick<Posting, 'walletId' | 'currencyId' | 'delta'>[]): Promise<Shortfall[]> {
  const debits = postings.filter((p) => negative(p.delta));
  if (debits.length === 0) return [];
  const rows = sql.join(debits.map((p) => sql`(${p.walletId}::integer, ${p.currencyId}::integer, ${p.delta.slice(1)}::numeric)`));
  const result = await sql<Shortfall>`
    select need.wallet_id as "walletId", need.currency_id as "currencyId", currency.symbol,
           trim_scale(coalesce(balance.amount, 0) - coalesce(hold.amount, 0))::text as held, trim_scale(need.total)::text as needed
    from (select wallet_id, currency_id, sum(amount) as total from (values ${rows}) as debit (wallet_id, currency_id, amount) group by wallet_id, currency_id) as need
    join currency on currency.id = need.currency_id
    left join wallet_balance as balance on balance.wallet_id = need.wallet_id and balance.currency_id = need.currency_id
    left join lateral (
      select sum(hold_amount) as amount from chain_intent
      where chain_intent.wallet_id = need.wallet_id and chain_intent.hold_currency_id = need.currency_id and chain_intent.settled_at is null
    ) as hold on true
    where coalesce(balance.amount, 0) - coalesce(hold.amount, 0) < need.total
    order by need.wallet_id, need.currency_id`.execute(trx);
  return result.rows;
}

/**
 * What a wallet may spend now of each currency: its balance less what its unsettled intents
 * hold, as `shortfalls` counts it (a read, without locks: the form's quote, movement/quote.ts).
 */
export async function spendable(db: Kysely<Database>, walletId: number, currencyIds: readonly number[]): Promise<Map<number, string>> {
  const result = await sql<{ currencyId: number; available: string }>`
    select currency.id as "currencyId",
           trim_scale(coalesce(balance.amount, 0) - coalesce(hold.amount, 0))::text as available
    from currency
    left join wallet_balance as balance on balance.wallet_id = ${walletId} and balance.currency_id = currency.id
    left join lateral (
      select sum(hold_amount) as amount from chain_intent
      where chain_intent.wallet_id = ${walletId} and chain_intent.hold_currency_id = currency.id and chain_intent.settled_at is null
    ) as hold on true
    where currency.id in (${sql.join(currencyIds.map((id) => sql`${id}::integer`))})`.execute(db);
  return new Map(result.rows.map((row) => [row.currencyId, row.available]));
}

/**
 * The only way a balance changes: ledger entries, written in the caller's transaction with
 * their cause. The database adds each delta to the wallet's balance and records the balance
 * after (migration 016); a debit the wallet cannot cover refuses the whole batch (409 naming
 * the coin), so nothing half-moves.
 */
export async function postEntries(trx: Trx, postings: readonly Posting[]): Promise<void> {
  if (postings.length === 0) return;
  const [short] = await shortfalls(trx, postings);
  if (short) throw conflict('api.insufficientBalanceNow', { symbol: short.symbol });
  await trx
    .insertInto('ledgerEntry')
    .values(
      postings.map((p) => ({
        walletId: p.walletId,
        currencyId: p.currencyId,
        delta: p.delta,
        reason: p.reason,
        proposalId: p.proposalId ?? null,
        movementId: p.movementId ?? null,
        orderId: p.orderId ?? null,
        orderRound: p.orderRound ?? 1,
        internalCreditId: p.internalCreditId ?? null,
        txHash: p.txHash,
        createdAt: p.at,
      })),
    )
    .execute();
}

/** `-amount` of a decimal string. */
export const debit = (amount: string) => `-${amount}`;

/** Whether a decimal string is above zero. */
export const positive = (amount: string) => !/^[0.]*$/.test(amount);
