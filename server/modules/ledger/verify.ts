import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { LedgerBreak, LedgerBreakKind, LedgerVerifyResult } from '../../../src/contract/schemas/ledger';

/** Each kind of break is reported up to this many times: enough to act on, bounded at any volume. */
const PER_KIND = 50;

interface BreakRow {
  walletId: number | null;
  currencyId: number | null;
  refId: number | null;
  expected: string | null;
  actual: string | null;
}

/**
 * How many ledger entries an execution writes (server/modules/outflow/execution.ts): the debit,
 * the credit when `to` is one of our wallets, a fee's debit and credit, and the gas — which a Safe
 * execution does not take from the wallet: the relayer pays it (docs/chains.md "Proposals on Safes").
 */
const entriesOf = (
  fee: RawBuilder<unknown>,
  chainId: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  gas: RawBuilder<unknown> = sql`1`,
) => sql<number>`(
  1 + ${gas}
  + case when exists (select 1 from chain_wallet d where d.chain_id = ${chainId} and d.address = ${to}) then 1 else 0 end
  + case when ${fee} > 0 then 2 else 0 end)`;

/** A proposal's gas entry: one, unless it executed on a Safe. */
const PROPOSAL_GAS = sql`(case when p.safe_tx is null then 1 else 0 end)`;

/** The invariants of docs/DECISIONS.md "Ledger", one query each; rows are the breaks (the chain's own: chainReconcile.ts). */
const checks: Partial<Record<LedgerBreakKind, RawBuilder<BreakRow>>> = {
  balanceMismatch: sql<BreakRow>`
    select coalesce(b.wallet_id, l.wallet_id) as "walletId", coalesce(b.currency_id, l.currency_id) as "currencyId", null::integer as "refId",
           trim_scale(coalesce(l.total, 0))::text as expected, trim_scale(coalesce(b.amount, 0))::text as actual
    from wallet_balance b
    full join (select wallet_id, currency_id, sum(delta) as total from ledger_entry group by wallet_id, currency_id) l
      on l.wallet_id = b.wallet_id and l.currency_id = b.currency_id
    where coalesce(b.amount, 0) <> coalesce(l.total, 0)`,
  negativeBalance: sql<BreakRow>`
    select wallet_id as "walletId", currency_id as "currencyId", min(id)::integer as "refId", '0' as expected, trim_scale(min(balance_after))::text as actual
    from ledger_entry where balance_after < 0 group by wallet_id, currency_id
    union all
    select wallet_id, currency_id, null, '0', trim_scale(amount)::text from wallet_balance where amount < 0`,
  runningBalance: sql<BreakRow>`
    select "walletId", "currencyId", "refId", expected, actual from (
      select wallet_id as "walletId", currency_id as "currencyId", id::integer as "refId",
             trim_scale(sum(delta) over (partition by wallet_id, currency_id order by id))::text as expected, trim_scale(balance_after)::text as actual,
             sum(delta) over (partition by wallet_id, currency_id order by id) <> balance_after as broken
      from ledger_entry) running
    where broken`,
  movementEntries: sql<BreakRow>`
    select m.wallet_id as "walletId", m.currency_id as "currencyId", m.id as "refId",
           (case when m.status = 'executed' then ${entriesOf(sql`m.fee`, sql`m.chain_id`, sql`m.to_address`)} else 0 end)::text as expected,
           count(e.id)::text as actual
    from movement m left join ledger_entry e on e.movement_id = m.id
    where m.proposal_id is null
    group by m.id
    having count(e.id) <> (case when m.status = 'executed' then ${entriesOf(sql`m.fee`, sql`m.chain_id`, sql`m.to_address`)} else 0 end)
        or (m.status = 'executed' and count(*) filter (where e.wallet_id = m.wallet_id and e.reason = 'movement' and e.delta = -m.amount) <> 1)`,
  proposalEntries: sql<BreakRow>`
    select p.wallet_id as "walletId", p.currency_id as "currencyId", p.id as "refId",
           (case when p.status <> 'executed' then 0 when p.kind = 'governance' then ${PROPOSAL_GAS} else ${entriesOf(sql`p.fee`, sql`p.chain_id`, sql`p.to_address`, PROPOSAL_GAS)} end)::text as expected,
           count(e.id)::text as actual
    from proposal p left join ledger_entry e on e.proposal_id = p.id
    group by p.id
    having count(e.id) <> (case when p.status <> 'executed' then 0 when p.kind = 'governance' then ${PROPOSAL_GAS} else ${entriesOf(sql`p.fee`, sql`p.chain_id`, sql`p.to_address`, PROPOSAL_GAS)} end)
        or (p.status = 'executed' and p.kind <> 'governance' and count(*) filter (where e.wallet_id = p.wallet_id and e.reason = 'proposal' and e.delta = -p.amount) <> 1)`,
  // A paid order has one credit of its amount left standing; a credit a reorg reversed (its `reorg`
  // entry, same order and round) stands no more (docs/chains.md "Reorgs").
  orderCredit: sql<BreakRow>`
    select w.id as "walletId", o.currency_id as "currencyId", o.id as "refId",
           case when o.status = 'paid' then trim_scale(o.amount)::text else '0' end as expected,
           coalesce(string_agg(trim_scale(e.delta)::text, ' + '), '0') as actual
    from payment_order o
    left join chain_wallet w on w.chain_id = o.chain_id and w.address = o.deposit_address
    left join ledger_entry e on e.order_id = o.id
    group by o.id, w.id
    having count(*) filter (where e.reason = 'payment') - count(*) filter (where e.reason = 'reorg') <> (case when o.status = 'paid' then 1 else 0 end)
        or count(*) filter (where e.id is not null and e.reason not in ('payment', 'reorg')) <> 0
        or coalesce(sum(e.delta), 0) <> (case when o.status = 'paid' then o.amount else 0 end)
        or count(*) filter (where e.reason = 'payment' and (e.wallet_id is distinct from w.id or e.delta <> o.amount)) <> 0
        or count(*) filter (where e.reason = 'reorg' and (e.wallet_id is distinct from w.id or e.delta <> -o.amount)) <> 0`,
  // Per transaction into a wallet in a currency (one may carry several transfers): what the chain
  // delivered, and the payment and deposit entries naming its hash there (docs/chains.md "Deposits").
  transferCredit: sql<BreakRow>`
    select coalesce(t.wallet_id, e.wallet_id) as "walletId", coalesce(t.currency_id, e.currency_id) as "currencyId", t.ref_id as "refId",
           trim_scale(coalesce(t.amount, 0))::text as expected, trim_scale(coalesce(e.total, 0))::text as actual
    from (select w.id as wallet_id, ct.currency_id, lower(ct.tx_hash) as hash, min(ct.id) as ref_id, sum(ct.amount) as amount
          from chain_transfer ct join chain_wallet w on w.chain_id = ct.chain_id and w.address = ct.to_address
          where ct.block_number is not null and ct.vanished_at is null
          group by w.id, ct.currency_id, lower(ct.tx_hash)) t
    full join (select wallet_id, currency_id, lower(tx_hash) as hash, sum(delta) as total
               from ledger_entry
               where reason = 'deposit' or (reason = 'reorg' and internal_credit_id is null)
                  or (reason = 'payment' and lower(tx_hash) in (select lower(tx_hash) from chain_transfer where block_number is not null))
               group by wallet_id, currency_id, lower(tx_hash)) e
      on e.wallet_id = t.wallet_id and e.currency_id = t.currency_id and e.hash = t.hash
    where coalesce(t.amount, 0) <> coalesce(e.total, 0)`,
  // Each internal transfer the watcher found (chain_internal_credit) is credited once, to its wallet in
  // its currency, for its amount, unless a reorg reversed it; no such credit names no record
  // (docs/ledger.md "Internal transfers").
  internalCredit: sql<BreakRow>`
    select coalesce(c.wallet_id, e.wallet_id) as "walletId", coalesce(c.currency_id, e.currency_id) as "currencyId", coalesce(c.id, e.internal_credit_id) as "refId",
           trim_scale(case when c.id is null or c.vanished_at is not null then 0 else c.amount end)::text as expected, trim_scale(coalesce(e.total, 0))::text as actual
    from chain_internal_credit c
    full join (select internal_credit_id, wallet_id, currency_id, sum(delta) as total, count(*) filter (where reason = 'internal transfer') as credits
               from ledger_entry where reason = 'internal transfer' or internal_credit_id is not null
               group by internal_credit_id, wallet_id, currency_id) e
      on e.internal_credit_id = c.id and e.wallet_id = c.wallet_id and e.currency_id = c.currency_id
    where c.id is null or e.internal_credit_id is null or e.credits <> 1
       or e.total <> (case when c.vanished_at is null then c.amount else 0 end)`,
};

/**
 * GET /sys/ledger/verify: every invariant over the whole ledger, in one read-only transaction
 * (one snapshot: a payment committing halfway cannot show as a break).
 */
export async function verifyLedger(db: Db, now: Date): Promise<LedgerVerifyResult> {
  const found = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const rows: Array<BreakRow & { kind: LedgerBreakKind }> = [];
      for (const [kind, check] of Object.entries(checks) as Array<[LedgerBreakKind, RawBuilder<BreakRow>]>) {
        const result =
          await sql<BreakRow>`select * from (${check}) as found order by "refId" nulls first, "walletId" limit ${PER_KIND}`.execute(trx);
        rows.push(...result.rows.map((row) => ({ ...row, kind })));
      }
      const walletIds = [...new Set(rows.map((r) => r.walletId).filter((id): id is number => id !== null))];
      const currencyIds = [...new Set(rows.map((r) => r.currencyId).filter((id): id is number => id !== null))];
      const wallets = walletIds.length
        ? await trx.selectFrom('chainWallet').select(['id', 'label']).where('id', 'in', walletIds).execute()
        : [];
      const currencies = currencyIds.length
        ? await trx.selectFrom('currency').select(['id', 'symbol']).where('id', 'in', currencyIds).execute()
        : [];
      return rows.map((row): LedgerBreak => ({
        kind: row.kind,
        walletId: row.walletId,
        walletLabel: wallets.find((w) => w.id === row.walletId)?.label ?? null,
        symbol: currencies.find((c) => c.id === row.currencyId)?.symbol ?? null,
        refId: row.refId,
        expected: row.expected,
        actual: row.actual,
      }));
    });
  return { balanced: found.length === 0, asOf: now.toISOString(), breaks: found };
}
