import { sql } from 'kysely';
import type { Db } from '../database';
import { TenantType } from '../../../src/access';
import { ORDER_FEE_PER_MILLE } from '../../../src/contract/orderFee';

const MERCHANT_TENANT_TYPES = [TenantType.merchantPro, TenantType.merchantStd, TenantType.merchantLite];

const TRON = 728126428;

/**
 * The rate orderFeeOf applies (5 ‰ → 0.005), as a numeric literal in the statement: the volume's
 * fees are the same 0.5 % rounded down to the currency's scale (trunc) as every paid order's.
 */
const ORDER_FEE_RATE = sql.raw(`0.${ORDER_FEE_PER_MILLE.toString().padStart(3, '0')}`);

/** Amount ranges per symbol, in units of 10^-scale (the demo's, as server/db/seed/payments.ts has them). */
const RANGES: Record<string, { scale: number; min: number; max: number }> = {
  USDT: { scale: 2, min: 500, max: 250_000 },
  USDC: { scale: 2, min: 500, max: 180_000 },
  ETH: { scale: 4, min: 10, max: 20_000 },
  TRX: { scale: 1, min: 100, max: 60_000 },
};

export interface VolumeOptions {
  orders: number;
  /** Orders written per statement (and transaction). */
  batch?: number;
  /** Days back from `now` the orders are spread over. */
  days?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** Where an order can be paid: a merchant's wallet and one of its chain's coins. */
interface Slot {
  orgId: number;
  chainId: number;
  currencyId: number;
  address: string;
  scale: number;
  min: number;
  max: number;
  payLinkId: number | null;
  fixedAmount: string | null;
}

async function slotsOf(db: Db): Promise<{ direct: Slot[]; links: Slot[] }> {
  const rows = await db
    .selectFrom('chainWallet')
    .innerJoin('org', 'org.id', 'chainWallet.orgId')
    .innerJoin('currency', 'currency.chainId', 'chainWallet.chainId')
    .select(['chainWallet.orgId', 'chainWallet.chainId', 'chainWallet.address', 'currency.id as currencyId', 'currency.symbol'])
    .where('org.tenantType', 'in', [...MERCHANT_TENANT_TYPES])
    .orderBy('chainWallet.id')
    .orderBy('currency.id')
    .execute();
  const direct = rows
    .filter((r) => RANGES[r.symbol])
    .map((r) => ({
      orgId: r.orgId,
      chainId: r.chainId,
      currencyId: r.currencyId,
      address: r.address,
      ...RANGES[r.symbol],
      payLinkId: null,
      fixedAmount: null,
    }));
  const links = await db
    .selectFrom('payLink')
    .innerJoin('currency', 'currency.id', 'payLink.currencyId')
    .select(['payLink.id', 'payLink.orgId', 'payLink.currencyId', 'payLink.amount', 'currency.chainId', 'currency.symbol'])
    .orderBy('payLink.id')
    .execute();
  const linkSlots = links.flatMap((link) => {
    const wallet = rows.find((r) => r.orgId === link.orgId && r.chainId === link.chainId);
    const range = RANGES[link.symbol];
    if (!wallet || !range) return [];
    return [
      {
        orgId: link.orgId,
        chainId: link.chainId,
        currencyId: link.currencyId,
        address: wallet.address,
        ...range,
        payLinkId: link.id,
        fixedAmount: link.amount,
      },
    ];
  });
  return { direct, links: linkSlots };
}

/** The slots as a SQL table (unnest of arrays: one parameter per column, whatever the count). */
const slotTable = (slots: Slot[]) => sql`
  select * from unnest(
    ${slots.map((s) => s.orgId)}::int[], ${slots.map((s) => s.chainId)}::bigint[], ${slots.map((s) => s.currencyId)}::int[],
    ${slots.map((s) => s.address)}::text[], ${slots.map((s) => s.scale)}::int[], ${slots.map((s) => s.min)}::bigint[],
    ${slots.map((s) => s.max)}::bigint[], ${slots.map((s) => s.payLinkId)}::int[], ${slots.map((s) => s.fixedAmount)}::numeric[]
  ) with ordinality as s (org_id, chain_id, currency_id, address, scale, lo, hi, pay_link_id, fixed_amount, n)`;

/**
 * Orders `first`..`last` (their number's suffix) of one kind, spread evenly over [from, to) in
 * time order as a live platform writes them (a day's orders lie together on disk), statuses as
 * it has them (pending only in the last day), amounts in each coin's range.
 */
function insertOrders(
  kind: 'payment' | 'linkpay' | 'recharge',
  slots: Slot[],
  first: number,
  last: number,
  window: { from: Date; to: Date; now: Date },
) {
  const { now } = window;
  const step = (window.to.getTime() - window.from.getTime()) / (last - first + 1);
  const prefix = { payment: 'PAY', linkpay: 'LNK', recharge: 'RCH' }[kind];
  return sql`
    insert into payment_order (order_no, org_id, kind, pay_link_id, chain_id, currency_id, amount, fee, status, payer_address, deposit_address, tx_hash, created_at, paid_at)
    select ${prefix} || to_char(o.created_at at time zone 'UTC', 'YYYYMMDD') || lpad(o.g::text, 8, '0'),
           o.org_id, ${kind}, o.pay_link_id, o.chain_id, o.currency_id, o.amount,
           case when o.status = 'paid' then trim_scale(trunc(o.amount * ${ORDER_FEE_RATE}, o.scale)) else 0 end,
           o.status,
           case when o.status in ('pending', 'expired') then null
                when o.chain_id = ${TRON} then 'T' || substr(translate(md5('payer' || o.g) || md5('payer2' || o.g), '0', 'z'), 1, 33)
                else '0x' || substr(md5('payer' || o.g), 1, 40) end,
           o.address,
           case when o.status in ('paid', 'failed') then (case when o.chain_id = ${TRON} then '' else '0x' end) || md5('tx' || o.g) || md5('tx2' || o.g) end,
           o.created_at,
           case when o.status = 'paid' then o.created_at + (1 + floor(o.r_paid * 30)) * interval '1 minute' end
      from (
        select t.g, t.created_at, t.r_paid, s.org_id, s.chain_id, s.currency_id, s.address, s.scale, s.pay_link_id,
               coalesce(s.fixed_amount, trim_scale((s.lo + floor(t.r_amount * (s.hi - s.lo + 1)))::numeric / power(10::numeric, s.scale))) as amount,
               case when t.created_at > ${now}::timestamptz - interval '1 day' and t.r_status < 0.3 then 'pending'
                    when t.r_status < 0.75 then 'paid' when t.r_status < 0.93 then 'expired' else 'failed' end as status
          from (
            select g, random() as r_slot, random() as r_amount, random() as r_status, random() as r_paid,
                   ${window.from}::timestamptz + ((g - ${first}) + random()) * ${step} * interval '1 millisecond' as created_at
              from generate_series(${first}::int, ${last}::int) g
          ) t
          join (${slotTable(slots)}) s on s.n = 1 + floor(t.r_slot * ${slots.length})
      ) o
     order by o.g`;
}

/**
 * The paid orders above `afterId` credited to their deposit wallets — one ledger entry each, as
 * the chain watcher's credit (server/modules/ledger/orderCredit.ts) writes it — and a sweep's
 * gas for every 20th native-coin payment into a Hot wallet, spent from that wallet an hour later
 * (always covered: its credit came first).
 */
async function creditAndSweep(db: Db, afterId: number): Promise<void> {
  await sql`
    insert into ledger_entry (wallet_id, currency_id, delta, reason, order_id, tx_hash, created_at)
    select w.id, o.currency_id, o.amount, 'payment', o.id, o.tx_hash, o.paid_at
      from payment_order o join chain_wallet w on w.chain_id = o.chain_id and w.address = o.deposit_address
     where o.id > ${afterId} and o.status = 'paid'
     order by o.id`.execute(db);
  const sweeps = sql`
    select w.id as wallet_id, w.org_id, o.chain_id, o.currency_id, trim_scale(round(o.amount / 100, 8)) as fee,
           (case when o.chain_id = ${TRON} then '' else '0x' end) || md5('sweep' || o.id) || md5('sweep2' || o.id) as tx_hash,
           o.paid_at + interval '1 hour' as at
      from payment_order o
      join chain_wallet w on w.chain_id = o.chain_id and w.address = o.deposit_address and w.kind = 'Hot'
      join currency c on c.id = o.currency_id and c.contract_address is null
     where o.id > ${afterId} and o.status = 'paid' and o.id % 20 = 0`;
  await sql`
    insert into gas_fee (org_id, chain_id, wallet_id, currency_id, reason, fee, tx_hash, created_at)
    select org_id, chain_id, wallet_id, currency_id, 'sweep', fee, tx_hash, at from (${sweeps}) s order by at`.execute(db);
  await sql`
    insert into ledger_entry (wallet_id, currency_id, delta, reason, tx_hash, created_at)
    select wallet_id, currency_id, -fee, 'gas', tx_hash, at from (${sweeps}) s order by at`.execute(db);
}

/**
 * Adds `orders` orders to the demo orgs (60 % checkout payments, 20 % pay-link payments, 20 %
 * recharges) with their ledger credits and sweep gas, in batches of one transaction each (the
 * orders' statement triggers count each batch into the volume tables, hours, days and months):
 * `npm run seed:volume -- --orders 1000000` (docs/SCALING.md). Deterministic per batch (setseed).
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<void> {
  const now = options.now ?? new Date();
  const days = options.days ?? 365;
  const batch = options.batch ?? 100_000;
  const log = options.log ?? (() => undefined);
  const { direct, links } = await slotsOf(db);
  if (direct.length === 0) throw new Error('No merchant wallets: seed the demo data first.');
  const start = await db
    .selectFrom('paymentOrder')
    .select(sql<number>`coalesce(max(id), 0)::int`.as('max'))
    .executeTakeFirstOrThrow();
  let written = 0;
  let serial = start.max;
  while (written < options.orders) {
    const size = Math.min(batch, options.orders - written);
    const linkpay = links.length > 0 ? Math.round(size * 0.2) : 0;
    const recharge = Math.round(size * 0.2);
    const payment = size - linkpay - recharge;
    // This batch's share of the whole span, so the orders are written oldest first.
    const span = days * 86_400_000;
    const window = {
      from: new Date(now.getTime() - span + (written / options.orders) * span),
      to: new Date(now.getTime() - span + ((written + size) / options.orders) * span),
      now,
    };
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('paymentOrder')
        .select(sql<number>`coalesce(max(id), 0)::int`.as('max'))
        .executeTakeFirstOrThrow();
      await sql`select setseed(${((serial % 1_000_000) / 1_000_000) * 2 - 1})`.execute(trx);
      for (const [kind, count, slots] of [
        ['payment', payment, direct],
        ['recharge', recharge, direct],
        ['linkpay', linkpay, links],
      ] as const) {
        if (count === 0) continue;
        await insertOrders(kind, slots, serial + 1, serial + count, window).execute(trx);
        serial += count;
      }
      await creditAndSweep(trx, before.max);
    });
    written += size;
    log(`${written.toLocaleString('en-US')} of ${options.orders.toLocaleString('en-US')} orders`);
  }
  // The planner's statistics, for the tables that just grew (PGlite has no autovacuum to do it).
  await sql`analyze payment_order, order_volume, order_volume_hour, paid_volume, ledger_entry, gas_fee, wallet_balance`.execute(db);
}
