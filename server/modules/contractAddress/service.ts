import type { Db } from '../../db/database';
import type { ServerContext } from '../../http/serverContext';
import { ApiError, badRequest } from '../../http/apiError';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import type { FieldMessages } from '../../../src/contract/validation';
import {
  CONTRACT_ADDRESS_FIELD_NAMES,
  type ContractAddressBody,
  type ContractAddressListQuery,
  type ContractAddressRecord,
} from '../../../src/contract/schemas/contractAddress';

const emptyAddresses = () =>
  Object.fromEntries(CONTRACT_ADDRESS_FIELD_NAMES.map((f) => [f, null])) as Record<(typeof CONTRACT_ADDRESS_FIELD_NAMES)[number], null>;

/** One row per chain; a chain with nothing saved yet shows its 14 fields empty. Keyed by chainId. */
export async function listContractAddresses(db: Db, query: ContractAddressListQuery): Promise<ListResult<ContractAddressRecord>> {
  let chains = db.selectFrom('chain').select(['chainId', 'name', 'family']).orderBy('chainId', query.order);
  if (query.chainId) chains = chains.where('chainId', '=', query.chainId);
  const all = await chains.execute();
  const page = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const rows = page.length
    ? await db
        .selectFrom('contractAddress')
        .selectAll()
        .where(
          'chainId',
          'in',
          page.map((c) => c.chainId),
        )
        .execute()
    : [];
  const list = page.map((chain) => {
    const row = rows.find((r) => r.chainId === chain.chainId);
    const addresses = row ? Object.fromEntries(CONTRACT_ADDRESS_FIELD_NAMES.map((f) => [f, row[f]])) : emptyAddresses();
    return {
      id: chain.chainId,
      chainId: chain.chainId,
      chainName: chain.name,
      family: chain.family,
      ...addresses,
    } as ContractAddressRecord;
  });
  return { list, count: all.length };
}

export async function findContractAddresses(db: Db, chainId: number): Promise<ContractAddressRecord> {
  const { list } = await listContractAddresses(db, { chainId, page: 1, pageSize: 1, order: 'asc' });
  if (list.length === 0) throw new ApiError(BodyCode.notFound, 'api.chainNotFound');
  return list[0];
}

/** Each address is checked for the chain's family (field error on the exact field) and stored canonical; absent fields keep their value. */
export async function saveContractAddresses(db: Db, body: ContractAddressBody, now: Date): Promise<ContractAddressRecord> {
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    // Shared lock: the family the addresses are checked against cannot change before this transaction ends.
    const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', body.chainId).forShare().executeTakeFirst();
    if (!chain) throw badRequest({ chainId: { key: 'validation.unknownReference' } });
    const fields: FieldMessages = {};
    const values: Record<string, string | null> = {};
    for (const field of CONTRACT_ADDRESS_FIELD_NAMES) {
      const input = body[field];
      if (input === undefined) continue;
      if (input === null) {
        values[field] = null;
        continue;
      }
      const checked = checkAddress(chain.family as ChainFamily, input);
      if (checked.ok) values[field] = checked.address;
      else fields[field] = checked.problem;
    }
    if (Object.keys(fields).length > 0) throw badRequest(fields);
    await trx
      .insertInto('contractAddress')
      .values({ chainId: body.chainId, ...values, updatedAt: now })
      .onConflict((oc) => oc.column('chainId').doUpdateSet({ ...values, updatedAt: now }))
      .execute();
    return findContractAddresses(trx, body.chainId);
  });
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/contractAddress/resource.ts, server/modules/declared/moduleService.ts): a chain's
 * row is read by `?chainId=` (its detailIdParam) and set whole by one upsert.
 */
export const list = async (context: ServerContext, input: { query: ContractAddressListQuery }) =>
  listContractAddresses(context.db, input.query);
export const detail = async (context: ServerContext, input: { id: number }) => findContractAddresses(context.db, input.id);
export const save = async (context: ServerContext, input: { body: ContractAddressBody }) =>
  saveContractAddresses(context.db, input.body, context.now());

/** Save is an upsert per chain; one line per action for the API's document. */
export const crudNotes = {
  upsert: true,
  summaries: {
    list: 'Every chain with its 14 contract addresses (empty where none is saved), paged',
    detail: 'One chain’s contract addresses, by chainId',
    save: 'Set a chain’s contract addresses (an absent field keeps what is stored)',
  },
} as const;
