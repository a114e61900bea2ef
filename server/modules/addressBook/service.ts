import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { containsPattern, pageOfColumns, sortByColumns } from '../../http/pagination';
import { badRequest, fieldError, notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import type { ListResult } from '../../../src/contract/envelope';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import type {
  AddressBookBody,
  AddressBookListQuery,
  addressBookRecord,
  AddressBookUpdateBody,
} from '../../../src/contract/schemas/addressBook';
import { effectiveFromSql } from '../policy/versions';
import { chainFamily } from '../../http/referenceFacts';

/** An entry as the response schema takes it (it writes the dates). */
type AddressBookAnswer = z.input<typeof addressBookRecord>;

/** The selected org's book only: an org's destinations are nobody else's business. */
const ownEntries = (db: Db, caller: Caller) =>
  db
    .selectFrom('addressBookEntry')
    .leftJoin('appUser', 'appUser.id', 'addressBookEntry.createdBy')
    .where('addressBookEntry.orgId', '=', caller.org.orgId);

const columns = (now: Date) =>
  [
    'addressBookEntry.id',
    'addressBookEntry.orgId',
    'addressBookEntry.chainId',
    'addressBookEntry.address',
    'addressBookEntry.label',
    'addressBookEntry.memo',
    'addressBookEntry.activeFrom',
    sql<boolean>`address_book_entry.active_from <= ${now}`.as('active'),
    'appUser.account as createdBy',
    'addressBookEntry.createdAt',
  ] as const;

const sortColumns = sortByColumns('address_book_entry', ['id', 'label', 'chainId', 'activeFrom', 'createdAt']);

/** GET /sys/address-book/list: the selected org's entries, by chain, state or a label/address search. */
export async function listAddressBook(
  db: Db,
  caller: Caller,
  query: AddressBookListQuery,
  now: Date,
): Promise<ListResult<AddressBookAnswer>> {
  let filtered = ownEntries(db, caller);
  if (query.chainId !== undefined) filtered = filtered.where('addressBookEntry.chainId', '=', query.chainId);
  if (query.active !== undefined) filtered = filtered.where('addressBookEntry.activeFrom', query.active ? '<=' : '>', now);
  if (query.q) {
    const pattern = containsPattern(query.q);
    filtered = filtered.where((eb) =>
      eb.or([eb('addressBookEntry.label', 'ilike', pattern), eb('addressBookEntry.address', 'ilike', pattern)]),
    );
  }
  return pageOfColumns(filtered, query, columns(now), { sortColumns, defaultSort: 'label', tieBreaker: 'address_book_entry.id' });
}

export async function findAddressBookEntry(db: Db, caller: Caller, id: number, now: Date): Promise<AddressBookAnswer> {
  const row = await ownEntries(db, caller).select(columns(now)).where('addressBookEntry.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Address book entry');
  return row;
}

/**
 * POST /sys/address-book/save (managers): a new destination, counted as "in the book" only after
 * the org's change delay — a hijacked manager account cannot add an address and drain to it at once.
 * The address is stored canonical (EIP-55, base58check), as outflows compare it. One statement in
 * the transaction: the delay is read, and the answer returned, by the insert itself.
 */
export async function saveAddressBookEntry(
  db: Db,
  caller: Caller,
  body: AddressBookBody,
  now: Date,
  defaultDelayHours: number,
  familyOf: (chainId: number) => Promise<ChainFamily | undefined>,
): Promise<AddressBookAnswer> {
  const family = await familyOf(body.chainId);
  if (!family) throw badRequest({ chainId: { key: 'validation.unknownReference' } });
  const address = checkAddress(family, body.address);
  if (!address.ok) throw badRequest({ address: address.problem });
  // The answer is the row the write's own statement returns (docs/DECISIONS.md "Idempotency and honest answers").
  const inserted = await db
    .insertInto('addressBookEntry')
    .values({
      orgId: caller.org.orgId,
      chainId: body.chainId,
      address: address.address,
      label: body.label,
      memo: body.memo,
      activeFrom: effectiveFromSql(db, caller.org.orgId, now, defaultDelayHours),
      createdBy: caller.userId,
      createdAt: now,
    })
    .onConflict((oc) => oc.columns(['orgId', 'chainId', 'address']).doNothing())
    .returning([
      'id',
      'orgId',
      'chainId',
      'address',
      'label',
      'memo',
      'activeFrom',
      'createdAt',
      sql<boolean>`active_from <= ${now}`.as('active'),
    ])
    .executeTakeFirst();
  if (!inserted) throw fieldError('address', 'validation.addressBookDuplicate');
  return { ...inserted, createdBy: caller.account };
}

/** POST /sys/address-book/update (managers): the name and memo; the address and its delay stay. */
export async function updateAddressBookEntry(db: Db, caller: Caller, body: AddressBookUpdateBody, now: Date): Promise<AddressBookAnswer> {
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('addressBookEntry')
      .set({ label: body.label, memo: body.memo })
      .where('id', '=', body.id)
      .where('orgId', '=', caller.org.orgId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound('Address book entry');
    return findAddressBookEntry(trx, caller, body.id, now);
  });
}

/** POST /sys/address-book/delete/{id} (managers): at once — leaving the book only makes the rules stricter. */
export async function deleteAddressBookEntry(db: Db, caller: Caller, id: number, now: Date): Promise<AddressBookAnswer> {
  const entry = await findAddressBookEntry(db, caller, id, now);
  await db
    .transaction()
    .execute((trx) => trx.deleteFrom('addressBookEntry').where('id', '=', id).where('orgId', '=', caller.org.orgId).execute());
  return entry;
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/addressBook/resource.ts, server/modules/declared/moduleService.ts): every member
 * reads the selected org's book, its managers write it.
 */
export const list = (context: ServerContext, input: { caller: Caller; query: AddressBookListQuery }) =>
  listAddressBook(context.db, input.caller, input.query, context.now());
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) =>
  findAddressBookEntry(context.db, input.caller, input.id, context.now());
export const save = (context: ServerContext, input: { caller: Caller; body: AddressBookBody }) =>
  saveAddressBookEntry(context.db, input.caller, input.body, context.now(), context.config.policyDelayHours, (chainId) =>
    chainFamily(context, chainId),
  );
export const update = (context: ServerContext, input: { caller: Caller; body: AddressBookUpdateBody }) =>
  updateAddressBookEntry(context.db, input.caller, input.body, context.now());
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) =>
  deleteAddressBookEntry(context.db, input.caller, input.id, context.now());
// A destination in the book eases the org's policy: every write asks a fresh second factor when enrolled
// (docs/DECISIONS.md "Two-factor authentication and step-up").
export const stepUp = true;

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The selected org’s address book, by chain, state or a label/address search',
    detail: 'One address book entry',
    save: 'Add a destination, counted as in the book after the org’s change delay',
    update: 'Rename an entry or change its memo (the address and its delay stay)',
    remove: 'Remove an entry at once: answers the deleted record',
  },
} as const;
