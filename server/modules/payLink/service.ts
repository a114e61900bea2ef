import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, pageOfColumns, sortByColumns } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { badRequest, conflict, forbidden, notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import type { ListResult } from '../../../src/contract/envelope';
import { amountProblem } from '../../../src/contract/money';
import { mayWritePayLink } from '../../../src/contract/payLink';
import type { PayLinkBody, PayLinkListQuery, PayLinkRecordInput, PayLinkUpdateBody } from '../../../src/contract/schemas/payLink';

const visibleLinks = (db: Db, caller: Caller) =>
  db
    .selectFrom('payLink')
    .innerJoin('org', 'org.id', 'payLink.orgId')
    .innerJoin('currency', 'currency.id', 'payLink.currencyId')
    .where(orgVisibleTo(caller, 'pay_link.org_id'));

const payLinkNotFound = () => notFound('Pay link');

const columns = [
  'payLink.id',
  'payLink.code',
  'payLink.title',
  'payLink.orgId',
  'org.name as orgName',
  'currency.chainId',
  'payLink.currencyId',
  'currency.symbol',
  sql<string | null>`pay_link.amount::text`.as('amount'),
  'payLink.enabled',
  sql<number>`(select count(*)::int from payment_order o where o.pay_link_id = pay_link.id and o.status = 'paid')`.as('paidCount'),
  sql<string>`(select coalesce(trim_scale(sum(o.amount)), 0)::text from payment_order o where o.pay_link_id = pay_link.id and o.status = 'paid')`.as(
    'paidTotal',
  ),
  'payLink.createdAt',
  'payLink.updatedAt',
] as const;

const sortColumns = sortByColumns('pay_link', ['id', 'title', 'createdAt', 'enabled']);

export async function listPayLinks(db: Db, caller: Caller, query: PayLinkListQuery): Promise<ListResult<PayLinkRecordInput>> {
  let filtered = visibleLinks(db, caller);
  if (query.title) filtered = filtered.where('payLink.title', 'ilike', containsPattern(query.title));
  if (query.chainId !== undefined) filtered = filtered.where('currency.chainId', '=', query.chainId);
  if (query.enabled !== undefined) filtered = filtered.where('payLink.enabled', '=', query.enabled);
  if (query.orgId !== undefined) filtered = filtered.where('payLink.orgId', '=', query.orgId);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'id', tieBreaker: 'pay_link.id' });
}

export async function findPayLink(db: Db, caller: Caller, id: number): Promise<PayLinkRecordInput> {
  return visibleLinks(db, caller).select(columns).where('payLink.id', '=', id).executeTakeFirstOrThrow(payLinkNotFound);
}

/** A fixed amount must fit the currency's decimals. */
function checkAmount(amount: string | null | undefined, decimals: number): void {
  if (amount === null || amount === undefined) return;
  const problem = amountProblem(amount, { decimals });
  if (problem) throw badRequest({ amount: problem });
}

/** A link of the caller's selected org, in an enabled currency of the chain named. */
export async function savePayLink(db: Db, caller: Caller, body: PayLinkBody, now: Date): Promise<PayLinkRecordInput> {
  const currency = await db
    .selectFrom('currency')
    .select(['id', 'decimals', 'chainId', 'enabled'])
    .where('id', '=', body.currencyId)
    .executeTakeFirst();
  if (!currency || currency.chainId !== body.chainId || !currency.enabled)
    throw badRequest({ currencyId: { key: 'validation.unknownReference' } });
  checkAmount(body.amount, currency.decimals);
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('payLink')
      .values({
        orgId: caller.org.orgId,
        code: randomBytes(8).toString('base64url'),
        title: body.title,
        currencyId: currency.id,
        amount: body.amount ?? null,
        enabled: body.enabled,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findPayLink(trx, caller, id);
  });
}

async function writableLink(db: Db, caller: Caller, id: number): Promise<PayLinkRecordInput & { decimals: number }> {
  const link = await findPayLink(db, caller, id);
  if (!mayWritePayLink(caller, link)) throw forbidden('api.payLinkForbidden');
  const currency = await db.selectFrom('currency').select('decimals').where('id', '=', link.currencyId).executeTakeFirstOrThrow();
  return { ...link, decimals: currency.decimals };
}

export async function updatePayLink(db: Db, caller: Caller, body: PayLinkUpdateBody, now: Date): Promise<PayLinkRecordInput> {
  const link = await writableLink(db, caller, body.id);
  checkAmount(body.amount, link.decimals);
  const changes = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
  };
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payLink')
      .set({ ...changes, updatedAt: now })
      .where('id', '=', link.id)
      .execute();
    return findPayLink(trx, caller, link.id);
  });
}

/** A link that took orders stays (the reports name it): disable it instead. */
export async function deletePayLink(db: Db, caller: Caller, id: number): Promise<PayLinkRecordInput> {
  const link = await writableLink(db, caller, id);
  return db.transaction().execute(async (trx) => {
    const used = await trx.selectFrom('paymentOrder').select('id').where('payLinkId', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('api.payLinkUsed');
    await trx.deleteFrom('payLink').where('id', '=', id).execute();
    const { decimals: _decimals, ...record } = link;
    return record;
  });
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/payLink/resource.ts, server/modules/declared/moduleService.ts): everyone in
 * scope reads; a merchant's managers and finance write their own org's links.
 */
export const list = (context: ServerContext, input: { caller: Caller; query: PayLinkListQuery }) =>
  listPayLinks(context.db, input.caller, input.query);
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) => findPayLink(context.db, input.caller, input.id);
export const save = (context: ServerContext, input: { caller: Caller; body: PayLinkBody }) =>
  savePayLink(context.db, input.caller, input.body, context.now());
export const update = (context: ServerContext, input: { caller: Caller; body: PayLinkUpdateBody }) =>
  updatePayLink(context.db, input.caller, input.body, context.now());
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) => deletePayLink(context.db, input.caller, input.id);

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The pay links in scope, with their paid orders, filtered, sorted and paged',
    detail: 'One pay link',
    save: 'Add a pay link for the selected org, in an enabled currency',
    update: 'Change a pay link',
    remove: 'Delete a pay link that took no orders: answers the deleted record',
  },
} as const;
