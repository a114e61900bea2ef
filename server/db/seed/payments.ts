import { createHash } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Database, PaymentOrderTable } from '../schema';
import { markOrderPaid } from '../../modules/ledger/orderCredit';
import { chargeGas } from '../../modules/outflow/execution';
import type { DemoOrgKey } from './demoData';
import { demoEvmAddress, demoTronAddress } from './wallets';
import { demoTxHash as txHash, seedChainTransfers } from './chainTransfers';

const DAY = 86_400_000;
const TRON = 728126428;

/** A small deterministic generator (mulberry32): the same demo data on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

/** `units` of 10^-scale as a decimal string: 12345n, 2 → "123.45". */
function decimal(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const text = units.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, -scale);
  const fraction = text.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Amount ranges per symbol, in units of 10^-scale. */
const RANGES: Record<string, { scale: number; min: number; max: number }> = {
  USDT: { scale: 2, min: 500, max: 250_000 },
  USDC: { scale: 2, min: 500, max: 180_000 },
  ETH: { scale: 4, min: 10, max: 20_000 },
  TRX: { scale: 1, min: 100, max: 60_000 },
};
const GAS: Record<string, { scale: number; min: number; max: number }> = {
  ETH: { scale: 6, min: 400, max: 4_500 },
  TRX: { scale: 2, min: 100, max: 3_000 },
};

const MERCHANTS: readonly DemoOrgKey[] = ['proA', 'stdB', 'liteC', 'proDirect', 'stdSouth'];

/**
 * Demo payments: pay links, about 300 orders over the last 60 days (checkout payments,
 * pay-link payments and recharges in every status) of the merchant orgs, paid into their
 * own wallets (each paid order credits its wallet); what the chain watcher saw arrive for
 * them; and the gas the hot wallets spent on sweeps.
 */
export async function seedPayments(trx: Transaction<Database>, orgIds: Record<DemoOrgKey, number>, now = new Date()): Promise<void> {
  const rng = random(20261122);
  const wallets = await trx.selectFrom('chainWallet').select(['id', 'orgId', 'chainId', 'address', 'kind']).execute();
  const currencies = await trx.selectFrom('currency').select(['id', 'chainId', 'symbol', 'contractAddress']).execute();

  const links: Array<{ id: number; orgId: number; currencyId: number; amount: string | null }> = [];
  for (const org of MERCHANTS.filter((o) => o !== 'liteC')) {
    const orgId = orgIds[org];
    const usdt = currencies.find((c) => c.chainId === 1 && c.symbol === 'USDT')!;
    for (const [index, title] of ['Monthly plan', 'Donations'].entries()) {
      const amount = index === 0 ? '49.9' : null;
      const code = createHash('sha256').update(`link ${org} ${index}`).digest('hex').slice(0, 10);
      const row = await trx
        .insertInto('payLink')
        .values({ orgId, code, title, currencyId: usdt.id, amount, createdAt: new Date(now.getTime() - 70 * DAY) })
        .returning('id')
        .executeTakeFirstOrThrow();
      links.push({ id: row.id, orgId, currencyId: usdt.id, amount });
    }
  }

  const orders: Insertable<PaymentOrderTable>[] = [];
  for (let n = 0; n < 300; n++) {
    const org = rng.pick(MERCHANTS);
    const orgId = orgIds[org];
    const own = wallets.filter((w) => w.orgId === orgId);
    const wallet = rng.pick(own);
    const kindRoll = rng.next();
    const orgLinks = links.filter((l) => l.orgId === orgId);
    const kind = kindRoll < 0.2 && orgLinks.length > 0 ? 'linkpay' : kindRoll < 0.4 ? 'recharge' : 'payment';
    const link = kind === 'linkpay' ? rng.pick(orgLinks) : null;
    const currency = link
      ? currencies.find((c) => c.id === link.currencyId)!
      : rng.pick(currencies.filter((c) => c.chainId === wallet.chainId && RANGES[c.symbol]));
    const deposit = link ? (wallets.find((w) => w.orgId === orgId && w.chainId === currency.chainId) ?? wallet) : wallet;
    const range = RANGES[currency.symbol];
    // A pay link with a fixed amount charges it (49.9 USDT: 4990 units of 10^-2).
    const units = link?.amount ? BigInt(Math.round(Number(link.amount) * 10 ** range.scale)) : BigInt(rng.int(range.min, range.max));
    const amount = decimal(units, range.scale);
    const ageMs = rng.int(0, 60 * DAY);
    const createdAt = new Date(now.getTime() - ageMs);
    const roll = rng.next();
    const status = ageMs < 2 * DAY && roll < 0.3 ? 'pending' : roll < 0.8 ? 'paid' : roll < 0.94 ? 'expired' : 'failed';
    const tron = currency.chainId === TRON;
    const prefix = { payment: 'PAY', linkpay: 'LNK', recharge: 'RCH' }[kind];
    orders.push({
      orderNo: `${prefix}${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(n + 1).padStart(5, '0')}`,
      orgId,
      kind,
      payLinkId: link?.id ?? null,
      chainId: currency.chainId,
      currencyId: currency.id,
      amount,
      // Paid orders get their fee as they are paid (orderFeeOf, server/modules/ledger/orderCredit.ts).
      fee: '0',
      status,
      payerAddress:
        status === 'pending' || status === 'expired' ? null : tron ? demoTronAddress(`payer ${n}`) : demoEvmAddress(`payer ${n}`),
      depositAddress: deposit.address,
      txHash: status === 'paid' || status === 'failed' ? txHash(`order ${n}`, tron) : null,
      createdAt,
      paidAt: status === 'paid' ? new Date(createdAt.getTime() + rng.int(1, 30) * 60_000) : null,
    });
  }
  // Orders start unpaid; the paid ones are then paid as the chain watcher pays them, with
  // their deposit wallet's credit (server/modules/ledger/orderCredit.ts).
  const inserted = await trx
    .insertInto('paymentOrder')
    .values(orders.map((o) => (o.status === 'paid' ? { ...o, status: 'pending', paidAt: null, txHash: null } : o)))
    .returning(['id', 'chainId', 'currencyId', 'amount', 'depositAddress'])
    .execute();
  for (const [index, order] of inserted.entries()) {
    const seeded = orders[index];
    if (seeded.status === 'paid') await markOrderPaid(trx, order, { txHash: seeded.txHash!, paidAt: seeded.paidAt as Date });
  }
  await seedChainTransfers(
    trx,
    MERCHANTS.map((org) => orgIds[org]),
  );

  // Sweeps (deposits gathered to cold storage) as gas-only history: their gas leaves the hot
  // wallets' native balance through the same ledger code as an execution's.
  for (let n = 0; n < 90; n++) {
    const wallet = rng.pick(wallets.filter((w) => w.kind === 'Hot'));
    const native = currencies.find((c) => c.chainId === wallet.chainId && c.contractAddress === null)!;
    const range = GAS[native.symbol];
    const fee = decimal(BigInt(rng.int(range.min, range.max)), range.scale);
    const spend = {
      walletId: wallet.id,
      orgId: wallet.orgId,
      chainId: wallet.chainId,
      reason: 'sweep' as const,
      proposalId: null,
      movementId: null,
    };
    await chargeGas(
      trx,
      { ...spend, txHash: txHash(`gas ${n}`, wallet.chainId === TRON), at: new Date(now.getTime() - rng.int(0, 60 * DAY)) },
      { currencyId: native.id, symbol: native.symbol, amount: fee },
    );
  }
}
