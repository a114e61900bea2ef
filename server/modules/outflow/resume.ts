import { randomUUID } from 'node:crypto';
import type { OutflowOwner } from './intentLog';
import { runOutflow, type OutflowRunner } from './runOutflow';

/**
 * Finishes the outflows nobody is running (docs/chains.md "The intent log"): recorded and not
 * booked, with no lease or a lease that ran out (the process that recorded them stopped, or lost
 * its database midway). Each is claimed before it is touched, so instances resuming side by side
 * never drive one twice; what was fixed before the stop is found on the chain or sent again as the
 * very same transaction, never a new one. Answers how many were settled.
 */
export async function resumeOutflows(
  runner: Omit<OutflowRunner, 'leaseToken'>,
  onError: (owner: OutflowOwner, error: unknown) => void,
): Promise<number> {
  const now = runner.now();
  const open = await runner.db
    .selectFrom('chainIntent')
    .select(['movementId', 'proposalId'])
    .distinct()
    .where('settledAt', 'is', null)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .execute();
  let settled = 0;
  for (const row of open) {
    const owner: OutflowOwner = row.movementId !== null ? { movementId: row.movementId } : { proposalId: row.proposalId! };
    try {
      if (await runOutflow({ ...runner, leaseToken: randomUUID() }, owner)) settled += 1;
    } catch (error) {
      onError(owner, error);
    }
  }
  return settled;
}

/**
 * Resumes at start, then on every beat; stopped before the database closes, a resume under way
 * finishing first. `onError` names the outflow that could not be finished, or no owner when the
 * list of open outflows itself could not be read (the database out of reach).
 */
export function startOutflowResume(
  runner: Omit<OutflowRunner, 'leaseToken'>,
  everyMs: number,
  onError: (owner: OutflowOwner | undefined, error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = resumeOutflows(runner, onError)
      .catch((error: unknown) => onError(undefined, error))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
