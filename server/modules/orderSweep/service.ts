import { formatUnits, parseUnits } from 'viem';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { ApiError, conflict, fieldError } from '../../http/apiError';
import type { SweepPendingView, SweepRunBody, SweepRunView } from '../../../src/contract/schemas/orderSweep';
import { collectables, collectingWallet, type Collectable } from './waiting';
import { gasTopUp, reasonOf, sendTransfer, type TransferContext, type TransferOutcome } from './transfer';

/** How many order addresses one run collects: a request stays short; the next run takes the rest. */
export const SWEEP_BATCH = 20;

/** GET /sys/order-sweep/pending: per chain and currency, what the selected org's order addresses hold and where it would go. */
export async function waitingToCollect(db: Db, caller: Caller): Promise<SweepPendingView> {
  const orgId = caller.org.orgId;
  const found = await collectables(db, orgId);
  const groups = new Map<string, SweepPendingView['list'][number]>();
  for (const item of found) {
    const key = `${item.chainId}:${item.currencyId}`;
    let group = groups.get(key);
    if (!group) {
      const into = await collectingWallet(db, orgId, item.chainId);
      group = {
        chainId: item.chainId,
        chainName: item.chainName,
        currencyId: item.currencyId,
        symbol: item.symbol,
        amount: '0',
        addresses: 0,
        into: into ? { walletId: into.id, label: into.label, address: into.address } : null,
      };
      groups.set(key, group);
    }
    group.amount = formatUnits(parseUnits(group.amount, item.decimals) + parseUnits(item.amount, item.decimals), item.decimals);
    group.addresses += 1;
  }
  return { list: [...groups.values()] };
}

/**
 * POST /sys/order-sweep/run (docs/payments.md "Collecting order payments"): each order address of the
 * selected org on the chain that holds its order's currency sends it to the org's hot wallet there,
 * oldest order first, at most SWEEP_BATCH addresses. A token needs the chain's coin for gas at the
 * address: the platform's gas wallet (the operator's hot wallet, as for fees) sends what is missing
 * first, and the collection is recorded only once that top-up is booked. Every transfer is a movement
 * through the intent log, recorded before it is sent and booked from what the chain did, so a stop
 * halfway leaves each one recorded for the resume, and a run again finds only what is still there.
 */
export async function runSweep(context: TransferContext, caller: Caller, body: SweepRunBody): Promise<SweepRunView> {
  const { db } = context;
  const orgId = caller.org.orgId;
  const chain = await db.selectFrom('chain').select(['chainId', 'name']).where('chainId', '=', body.chainId).executeTakeFirst();
  if (!chain) throw fieldError('chainId', 'validation.unknownReference');
  const into = await collectingWallet(db, orgId, chain.chainId);
  if (!into) throw conflict('api.sweepNoHotWallet', { chain: chain.name });
  const found = await collectables(db, orgId, chain.chainId);
  const batch = found.slice(0, SWEEP_BATCH);
  const view: SweepRunView = { collected: 0, failed: 0, reasons: [], sending: 0, remaining: found.length - batch.length, movementIds: [] };
  for (const item of batch) {
    const outcome = await collectOne(context, caller, item, into.address, view.movementIds);
    if (outcome.state === 'collected') view.collected += 1;
    else if (outcome.state === 'sending') view.sending += 1;
    else {
      view.failed += 1;
      if (!view.reasons.includes(outcome.reason)) view.reasons.push(outcome.reason);
    }
  }
  return view;
}

/** One order address: its gas topped up if a token needs it, then its money sent to the hot wallet. */
async function collectOne(
  context: TransferContext,
  caller: Caller,
  item: Collectable,
  to: string,
  movementIds: number[],
): Promise<TransferOutcome> {
  const memo = context.t('api.sweepMemo', { orderNo: item.orderNo });
  const base = { chainId: item.chainId, family: item.family, createdBy: caller.userId };
  if (item.contractAddress !== null) {
    // No platform gas wallet on the chain: this address waits, the others go on.
    const topUp = await gasTopUp(context.db, item).catch((error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    });
    if (topUp instanceof ApiError) return { state: 'failed', reason: reasonOf(context.t, topUp) };
    if (topUp) {
      const outcome = await sendTransfer(
        context,
        caller,
        { ...base, ...topUp, to: item.address, memo: context.t('api.sweepGasMemo', { orderNo: item.orderNo }) },
        movementIds,
      );
      if (outcome.state !== 'collected') return outcome;
    }
  }
  return sendTransfer(
    context,
    caller,
    {
      ...base,
      walletId: item.walletId,
      orgId: item.orgId,
      currencyId: item.currencyId,
      symbol: item.symbol,
      amount: item.amount,
      to,
      memo,
    },
    movementIds,
  );
}
