import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import type { MovementBody, MovementRecordInput } from '../../../src/contract/schemas/movement';
import type { ChainRegistry } from '../../chain/registry';
import { findMovement } from './queries';
import { recordMovement, type SafeStates } from '../outflow/record';
import { sendRecorded } from '../outflow/sendRecorded';

/**
 * POST /sys/movement/save: one transaction records it (`recordMovement`, outflow/record.ts, the record
 * path both doors share). On a chain that moves the wallet's money, that transaction records the chain
 * transactions to send (the intent log), and they are sent and booked after it committed (docs/chains.md "The intent log"): no database transaction
 * waits on a chain.
 */
export async function saveMovement(
  db: Db,
  caller: Caller,
  body: MovementBody,
  now: Date,
  ttlHours: number,
  safes: SafeStates,
  chains: ChainRegistry | null,
  onFault: (error: unknown) => void = () => undefined,
): Promise<MovementRecordInput> {
  // The answer is read inside the transaction that wrote it: a read after the commit could wait for
  // a connection and fail, and a 503 must never hide money that moved (docs/DECISIONS.md
  // "Idempotency and honest answers").
  const leaseToken = randomUUID();
  const recorded = await db.transaction().execute(async (trx) => {
    const { movementId, sending } = await recordMovement(trx, caller, body, now, ttlHours, 'movement', safes, { chains, leaseToken });
    return { movementId, answer: sending ? null : await findMovement(trx, caller, movementId, now) };
  });
  if (recorded.answer) return recorded.answer;
  return sendRecorded({ db, chains, now: () => now, onFault, leaseToken }, { movementId: recorded.movementId }, (reader) =>
    findMovement(reader, caller, recorded.movementId, now),
  );
}
