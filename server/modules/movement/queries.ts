import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../http/apiError';
import { paginate } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { may } from '../../../src/access';
import type { ListResult } from '../../../src/contract/envelope';
import { movementRead, type MovementKind, type MovementStatus } from '../../../src/contract/movement';
import type { MovementListQuery, MovementRecordInput } from '../../../src/contract/schemas/movement';
import { effectiveStatusSql } from '../outflow/record';
import { amountAndFee } from '../../db/decimalText';

/** A direct movement is executed; one out of a multisig wallet reads as its proposal does (expiry by the clock included). */
const statusSql = (now: Date) => sql<MovementStatus>`coalesce(${effectiveStatusSql(now)}, movement.status)`;

const visibleMovements = (db: Db, caller: Caller) =>
  db
    .selectFrom('movement')
    .innerJoin('org', 'org.id', 'movement.orgId')
    .innerJoin('chainWallet', 'chainWallet.id', 'movement.walletId')
    .innerJoin('appUser', 'appUser.id', 'movement.createdBy')
    .leftJoin('proposal', 'proposal.id', 'movement.proposalId')
    .leftJoin('paymentOrder', 'paymentOrder.id', 'movement.orderId')
    .where(orgVisibleTo(caller, 'movement.org_id'));

function assertMayRead(caller: Caller, kind: MovementKind): void {
  if (!may(caller.roleIndex, movementRead(kind))) throw forbidden();
}

const columns = (now: Date) =>
  [
    'movement.id',
    'movement.kind',
    'movement.orgId',
    'org.name as orgName',
    'movement.chainId',
    'movement.walletId',
    'chainWallet.label as walletLabel',
    'movement.toAddress as to',
    'movement.currencyId',
    'movement.symbol',
    ...amountAndFee('movement'),
    'movement.memo',
    'paymentOrder.orderNo',
    'movement.proposalId',
    'proposal.nonce as proposalNonce',
    statusSql(now).as('status'),
    sql<string | null>`coalesce(movement.tx_hash, proposal.tx_hash)`.as('txHash'),
    'appUser.account as createdBy',
    'movement.createdAt',
  ] as const;

/** The movements of one kind a list or export selects (an overdue proposal's reads as expired), and their page shape. */
export async function movementSource(db: Db, caller: Caller, query: MovementListQuery, now: Date) {
  assertMayRead(caller, query.kind);
  let filtered = visibleMovements(db, caller).where('movement.kind', '=', query.kind);
  if (query.chainId !== undefined) filtered = filtered.where('movement.chainId', '=', query.chainId);
  if (query.status) filtered = filtered.where(statusSql(now), '=', query.status);
  if (query.ids) filtered = filtered.where('movement.id', 'in', query.ids);
  if (query.q) {
    const q = query.q.toLowerCase();
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`lower(movement.to_address)`, '=', q),
        eb(sql`lower(coalesce(movement.tx_hash, proposal.tx_hash))`, '=', q),
        eb(sql`lower(payment_order.order_no)`, '=', q),
      ]),
    );
  }
  const options = {
    select: (qb: typeof filtered) => qb.select(columns(now)),
    sortColumns: { id: 'movement.id', createdAt: 'movement.created_at', amount: 'movement.amount', status: 'status' },
    defaultSort: 'id',
    tieBreaker: 'movement.id',
    keyset: ['id', 'createdAt', 'amount'],
    // Grows with every deposit and withdrawal: counted apart (server/http/pagination.ts `countApart`).
    countApart: true,
  };
  return { filtered, options };
}

/** GET /sys/movement/list: one kind, in the caller's tenancy scope. */
export async function listMovements(db: Db, caller: Caller, query: MovementListQuery, now: Date): Promise<ListResult<MovementRecordInput>> {
  const { filtered, options } = await movementSource(db, caller, query, now);
  return paginate(filtered, query, options);
}

/** GET /sys/movement/detail?id=: unknown and out-of-scope ids alike are 404. */
export async function findMovement(db: Db, caller: Caller, id: number, now: Date): Promise<MovementRecordInput> {
  const row = await visibleMovements(db, caller).select(columns(now)).where('movement.id', '=', id).executeTakeFirst();
  if (!row || !may(caller.roleIndex, movementRead(row.kind))) throw notFound('Movement');
  return row;
}
