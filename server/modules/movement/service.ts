import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import { sendListExport } from '../../http/listExport';
import { movementExport } from '../../../src/contract/exports';
import type { MovementBody, MovementListQuery, MovementRecordInput } from '../../../src/contract/schemas/movement';
import type { ChainRegistry } from '../../chain/registry';
import { findMovement, listMovements, movementSource } from './queries';
import { chainSafeStates, recordMovement, type SafeStates } from '../outflow/record';
import { sendRecorded } from '../outflow/sendRecorded';

/*
 * Money movements (docs/ledger.md; /transfer, /withdraw, /refund, /supply, /supply-history): the five
 * declarations of src/resources/<kind>/resource.ts share one API, /sys/movement/… (`sharedApi`,
 * server/modules/declared/moduleService.ts), registered for every role some screen gives each action
 * (reading: every role; saving: `movement.start`). Who reads and writes each kind is checked here per
 * kind, from the query's or the body's `kind` (queries.ts, outflow/record.ts). The list and its export
 * may read a replica; the detail (read before acting) and the save use the primary. The form's quote
 * is the module's other verb (routes.ts).
 */
export const sharedApi = true;

/** Every kind, direct or starting a proposal (docs/DECISIONS.md "Two-factor authentication and step-up"). */
export const stepUp = true;

export const list = (context: ServerContext, { caller, query }: { caller: Caller; query: MovementListQuery }) =>
  listMovements(context.reader, caller, query, context.now());

/** One kind's whole filtered list as CSV, worded as that kind's screen. */
async function exportMovements(
  context: ServerContext,
  input: { caller: Caller; query: MovementListQuery; request: FastifyRequest; reply: FastifyReply },
) {
  const { caller, query, request, reply } = input;
  return sendListExport(context, request, reply, {
    ...(await movementSource(context.reader, caller, query, context.now())),
    sort: { sort: query.sort, order: query.order },
    view: movementExport(query.kind),
    name: query.kind,
  });
}
export { exportMovements as export };

export const detail = (context: ServerContext, { caller, id }: { caller: Caller; id: number }) =>
  findMovement(context.db, caller, id, context.now());

export const save = (context: ServerContext, { caller, body, request }: { caller: Caller; body: MovementBody; request: FastifyRequest }) =>
  saveMovement(
    context.db,
    caller,
    body,
    context.now(),
    context.config.proposalTtlHours,
    chainSafeStates(context.chains),
    context.chains,
    (error) => request.log.warn({ err: error }, 'an outflow was recorded and could not be finished now: the resume finishes it'),
  );

/**
 * POST /sys/movement/save: one transaction records it (`recordMovement`, outflow/record.ts, the record
 * path both doors share). On a chain that moves the wallet's money, that transaction records the chain
 * transactions to send (the intent log), and they are sent and booked after it committed (docs/chains.md "The intent log"): no database transaction
 * waits on a chain.
 */
async function saveMovement(
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
