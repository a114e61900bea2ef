import { sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChainIntentTable, Database, IntentOutcome, IntentRequest, IntentState } from '../../db/schema';
import type { Execution, FixedSend, SendJournal } from '../../chain/adapter';
import { faultPoint } from './faultPoint';

type Trx = Transaction<Database>;

/**
 * The intent log's rows (migration 036; docs/chains.md "The intent log"): written before a chain
 * transaction is sent, updated as it goes, settled by the transaction that books what it did.
 */

/** Whose chain transactions they are: a direct movement, or a proposal being executed. */
export type OutflowOwner = { movementId: number; proposalId?: undefined } | { proposalId: number; movementId?: undefined };

export interface NewIntent {
  chainId: number;
  orgId: number;
  walletId: number;
  step: 1 | 2;
  request: IntentRequest;
  requestedBy: number;
  /** What the wallet may not spend meanwhile (null: nothing). */
  hold: { currencyId: number; amount: string } | null;
}

/**
 * How long a claim holds without being renewed; the run renews it while it drives the outflow (a real
 * chain's receipt takes blocks), so a lease runs out only when its process stopped: a restart or another
 * instance resumes within this much.
 */
export const LEASE_MS = 15_000;

/**
 * Recorded inside the request's own transaction, with the movement or proposal it sends for, and
 * leased to that request (its `token`) from the start: a resume never takes it from under it.
 */
export async function recordIntents(
  trx: Trx,
  owner: OutflowOwner,
  intents: readonly NewIntent[],
  lease: { token: string; now: Date; comment?: string },
): Promise<void> {
  for (const intent of intents) {
    await trx
      .insertInto('chainIntent')
      .values({
        chainId: intent.chainId,
        orgId: intent.orgId,
        walletId: intent.walletId,
        movementId: owner.movementId ?? null,
        proposalId: owner.proposalId ?? null,
        step: intent.step,
        request: JSON.stringify(intent.request),
        requestedBy: intent.requestedBy,
        holdCurrencyId: intent.hold?.currencyId ?? null,
        holdAmount: intent.hold?.amount ?? '0',
        leaseToken: lease.token,
        comment: lease.comment ?? '',
        leaseUntil: new Date(lease.now.getTime() + LEASE_MS),
      })
      .execute();
  }
}

const ownedBy = (owner: OutflowOwner) =>
  owner.movementId !== undefined ? sql<boolean>`movement_id = ${owner.movementId}` : sql<boolean>`proposal_id = ${owner.proposalId}`;

export type ClaimedIntent = Awaited<ReturnType<typeof claimIntents>>[number];

/**
 * The outflow's unsettled intents, claimed for `LEASE_MS` in one statement: a second runner (a
 * resume on another instance, a request and the sweeper) gets none while the lease holds, so no
 * two processes drive one transaction. Empty: someone else holds it, or it is settled.
 */
export async function claimIntents(db: Db, owner: OutflowOwner, now: Date, token: string) {
  const claimed = await db
    .updateTable('chainIntent')
    .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(ownedBy(owner))
    .where('settledAt', 'is', null)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now), eb('leaseToken', '=', token)]))
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.step - b.step);
}

/** Keeps this run's claim alive while it drives the outflow. */
export async function renewLease(db: Db, owner: OutflowOwner, token: string, now: Date): Promise<void> {
  await db
    .updateTable('chainIntent')
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(ownedBy(owner))
    .where('settledAt', 'is', null)
    .where('leaseToken', '=', token)
    .execute();
}

/** Gives an outflow back to whoever comes next (a run that stopped on a fault it cannot judge), if this run still holds it. */
export async function releaseIntents(db: Db, owner: OutflowOwner, token: string): Promise<void> {
  await db
    .updateTable('chainIntent')
    .set({ leaseUntil: null, leaseToken: null })
    .where(ownedBy(owner))
    .where('settledAt', 'is', null)
    .where('leaseToken', '=', token)
    .execute();
}

/** This run no longer holds the intent (its lease ran out and another process took it): it stops, sending nothing more. */
export class LeaseLost extends Error {
  constructor(readonly intentId: number) {
    super(`intent ${intentId} is now another process's: this run stops`);
  }
}

/** An update of the intent by the run that holds it, or LeaseLost. */
async function asHolder(
  db: Db,
  intentId: number,
  token: string,
  values: Updateable<ChainIntentTable>,
  onlyIfRecorded = false,
): Promise<void> {
  let update = db.updateTable('chainIntent').set(values).where('id', '=', intentId).where('leaseToken', '=', token);
  if (onlyIfRecorded) update = update.where('state', '=', 'recorded');
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost(intentId);
}

/** Where the adapter records the transaction as it is fixed and handed over (server/chain/adapter.ts `SendJournal`). */
export function journalOf(db: Db, intentId: number, now: () => Date, token: string): SendJournal {
  return {
    // Compare-and-set: of two processes that both believe they hold the intent, one fixes it; the other sends nothing.
    fixed: (tx: FixedSend) =>
      asHolder(
        db,
        intentId,
        token,
        {
          state: 'signed',
          sender: tx.sender,
          nonce: tx.nonce,
          replay: JSON.stringify(tx.replay),
          txHash: tx.hash,
          fromBlock: Number(tx.fromBlock),
          updatedAt: now(),
        },
        true,
      ),
    handedOver: async (hash: string) => {
      await asHolder(db, intentId, token, { txHash: hash, updatedAt: now() });
      faultPoint('handedOver');
    },
  };
}

/** The signed record of an intent, as the adapter resumes it. */
export const fixedOf = (intent: ClaimedIntent): FixedSend | null =>
  intent.state === 'signed' && intent.sender !== null && intent.nonce !== null
    ? {
        sender: intent.sender,
        nonce: Number(intent.nonce),
        replay: intent.replay,
        hash: intent.txHash,
        fromBlock: BigInt(intent.fromBlock ?? 0),
      }
    : null;

/** What the chain did with one intent, kept before the books are written. */
export async function recordFate(
  db: Db,
  intentId: number,
  fate: { state: IntentState; txHash?: string | null; outcome: IntentOutcome },
  now: Date,
  token: string,
): Promise<void> {
  await asHolder(db, intentId, token, {
    state: fate.state,
    ...(fate.txHash ? { txHash: fate.txHash } : {}),
    outcome: JSON.stringify(fate.outcome),
    updatedAt: now,
  });
}

/** An adapter's answer as the log keeps it. */
export function fateOf(execution: Execution): { state: IntentState; txHash: string | null; outcome: IntentOutcome } {
  if (execution.outcome === 'refused')
    return { state: 'refused', txHash: null, outcome: { refusal: { key: 'api.walletSendRefused', params: { reason: execution.reason } } } };
  return {
    state: execution.outcome === 'executed' ? 'mined' : 'reverted',
    txHash: execution.txHash,
    outcome: {
      blockNumber: String(execution.blockNumber),
      gasUsed: String(execution.gasUsed),
      fee: String(execution.fee),
      from: execution.from,
    },
  };
}
