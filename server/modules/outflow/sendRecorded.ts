import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { sendingOnChain } from '../../chain/chainMoves';
import type { OutflowOwner } from './intentLog';
import { runOutflow, type OutflowRunner } from './runOutflow';

/**
 * After the request's transaction committed an outflow's intents: sends them and books them
 * (runOutflow), then answers from what was written. The request never runs again from here (a
 * database abort would record the outflow twice). Nothing moved (the chain refused it, or it was
 * mined and failed): that refusal is the answer, the movement kept as failed. A fault the run could
 * not judge (a node gone quiet after taking the transaction) is no refusal: the answer says where
 * the outflow stands (a movement `sending`, a proposal still approved) and the resume finishes it
 * (docs/chains.md "The intent log").
 */
export async function sendRecorded<T>(
  runner: OutflowRunner & { onFault: (error: unknown) => void },
  owner: OutflowOwner,
  answer: (db: Db | Transaction<Database>) => Promise<T>,
): Promise<T> {
  sendingOnChain();
  const settled = await runOutflow(runner, owner, answer).catch((error: unknown) => {
    runner.onFault(error);
    return null;
  });
  if (settled?.failure) throw settled.failure;
  // Booked here: the answer was read with the books. Not booked (yet): where it stands, read now.
  return settled?.answer !== undefined ? settled.answer : answer(runner.db);
}
