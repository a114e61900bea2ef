import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import { countUses, firstUse, type UsageCheck, type UsageCount } from '../../db/usage';
import { ApiError, lockedWhileUsed } from '../../http/apiError';
import { containsPattern, pageOfColumns, sortByColumns } from '../../http/pagination';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import type { ChainBody, ChainListQuery, ChainRecordInput, ChainRow, ChainUpdateBody } from '../../../src/contract/schemas/chain';
import { CONTRACT_ADDRESS_FIELD_NAMES } from '../../../src/contract/schemas/contractAddress';

type Trx = Transaction<Database>;

/** What refers to a chain: it cannot be deleted (nor its chainId changed) while any of these do. */
export const chainUsage: readonly UsageCheck[] = [
  { table: 'currency', column: 'chainId', key: 'api.chainHasCurrencies' },
  { table: 'chainWallet', column: 'chainId', key: 'api.chainHasWallets' },
];

/**
 * What stores the chain's addresses or transaction hashes, each written in its family's format
 * (an EVM address is no TRON address): the family cannot change while any of these exists.
 * Native coins store none; the contract-address row counts the addresses it holds.
 */
export const chainFamilyUsage: readonly UsageCount[] = [
  { table: 'chainWallet', column: 'chainId', noun: 'api.usedBy.wallets' },
  { table: 'currency', column: 'chainId', noun: 'api.usedBy.tokens', where: sql<boolean>`${sql.ref('contractAddress')} is not null` },
  {
    table: 'contractAddress',
    column: 'chainId',
    noun: 'api.usedBy.contractAddresses',
    amount: sql<number>`num_nonnulls(${sql.join(CONTRACT_ADDRESS_FIELD_NAMES.map((field) => sql.ref(field)))})`,
  },
  { table: 'proposal', column: 'chainId', noun: 'api.usedBy.proposals' },
  { table: 'movement', column: 'chainId', noun: 'api.usedBy.movements' },
  { table: 'paymentOrder', column: 'chainId', noun: 'api.usedBy.orders' },
  { table: 'gasFee', column: 'chainId', noun: 'api.usedBy.gasFees' },
  { table: 'chainTransfer', column: 'chainId', noun: 'api.usedBy.chainTransfers' },
];

const columns = [
  'id',
  'chainId',
  'name',
  'family',
  'symbol',
  'rpcUrl',
  'explorerUrl',
  'confirmations',
  'isDefault',
  'enabled',
  'createdAt',
  'updatedAt',
] as const;

const sortColumns = sortByColumns('chain', [
  'id',
  'chainId',
  'name',
  'family',
  'symbol',
  'confirmations',
  'isDefault',
  'enabled',
  'createdAt',
]);

const chainNotFound = () => new ApiError(BodyCode.notFound, 'api.chainNotFound');

export async function listChains(db: Db, query: ChainListQuery): Promise<ListResult<ChainRow>> {
  let filtered = db.selectFrom('chain');
  if (query.name) filtered = filtered.where('name', 'ilike', containsPattern(query.name));
  if (query.family) filtered = filtered.where('family', '=', query.family);
  if (query.enabled !== undefined) filtered = filtered.where('enabled', '=', query.enabled);
  if (query.chainId !== undefined) filtered = filtered.where('chainId', '=', query.chainId);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'id', tieBreaker: 'chain.id' });
}

/** A chain by id; `lock` holds its row until the transaction ends (an update's, a delete's). */
export async function findChain(db: Db | Trx, id: number, lock = false): Promise<ChainRow> {
  const query = db.selectFrom('chain').select(columns).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow(chainNotFound);
}

async function assertChainIdFree(trx: Trx, chainId: number, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('chain').select('id').where('chainId', '=', chainId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw new ApiError(BodyCode.conflict, 'api.chainIdTaken', {
      params: { chainId },
      fields: { chainId: { key: 'validation.duplicate' } },
    });
  }
}

const defaultMustBeEnabled = () =>
  new ApiError(BodyCode.badRequest, 'api.chainDefaultDisabled', { fields: { enabled: { key: 'validation.defaultChainEnabled' } } });

/** Exactly one default chain at all times: the new default takes the flag from the old one in the same transaction. */
async function clearDefault(trx: Trx, now: Date): Promise<void> {
  await trx.updateTable('chain').set({ isDefault: false, updatedAt: now }).where('isDefault', '=', true).execute();
}

export async function saveChain(db: Db, body: ChainBody, now: Date): Promise<ChainRow> {
  return db.transaction().execute(async (trx) => {
    await assertChainIdFree(trx, body.chainId);
    const anyChain = await trx.selectFrom('chain').select('id').limit(1).executeTakeFirst();
    const isDefault = body.isDefault || !anyChain;
    if (isDefault && !body.enabled) throw defaultMustBeEnabled();
    if (isDefault) await clearDefault(trx, now);
    return trx
      .insertInto('chain')
      .values({ ...body, isDefault, createdAt: now, updatedAt: now })
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

export async function updateChain(db: Db, body: ChainUpdateBody, now: Date): Promise<ChainRow> {
  const { id, ...changes } = body;
  return db.transaction().execute(async (trx) => {
    const current = await findChain(trx, id, true);
    if (changes.chainId !== undefined && changes.chainId !== current.chainId) {
      await assertChainIdFree(trx, changes.chainId, id);
      // The chain id is signed into every transaction (EIP-155): wallets and tokens of the old id do not move with it.
      const use = await firstUse(trx, chainUsage, current.chainId);
      if (use) throw new ApiError(BodyCode.conflict, use.key, { fields: { chainId: { key: 'validation.lockedWhileUsed' } } });
    }
    if (changes.family !== undefined && changes.family !== current.family) {
      // Counted under the row lock: a row that refers to the chain by foreign key cannot be added until this transaction ends.
      const uses = await countUses(trx, chainFamilyUsage, current.chainId);
      if (uses.length > 0) throw lockedWhileUsed('api.chainFamilyLocked', { chain: current.name }, uses, ['family']);
    }
    if (current.isDefault && changes.isDefault === false) {
      throw new ApiError(BodyCode.badRequest, 'api.chainDefaultRequired', {
        fields: { isDefault: { key: 'validation.defaultChainRequired' } },
      });
    }
    const willBeDefault = changes.isDefault ?? current.isDefault;
    if (willBeDefault && (changes.enabled ?? current.enabled) === false) throw defaultMustBeEnabled();
    if (changes.isDefault && !current.isDefault) await clearDefault(trx, now);
    await trx
      .updateTable('chain')
      .set({ ...changes, updatedAt: now })
      .where('id', '=', id)
      .execute();
    return findChain(trx, id);
  });
}

/** Deletes an unused, non-default chain and answers with the record as it was. */
export async function deleteChain(db: Db, id: number): Promise<ChainRow> {
  return db.transaction().execute(async (trx) => {
    const current = await findChain(trx, id, true);
    if (current.isDefault) throw new ApiError(BodyCode.conflict, 'api.chainDeleteDefault');
    const use = await firstUse(trx, chainUsage, current.chainId);
    if (use) throw new ApiError(BodyCode.conflict, use.key);
    await trx.deleteFrom('chain').where('id', '=', id).execute();
    return current;
  });
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/chain/resource.ts, server/modules/declared/moduleService.ts): each answer says
 * where the chain's transactions happen, so the console knows whether an explorer sees them.
 */
const withMode = (context: ServerContext, row: ChainRow): ChainRecordInput => ({ ...row, mode: context.chains.modeOf(row.family) });

export async function list(context: ServerContext, input: { caller: Caller; query: ChainListQuery }) {
  const page = await listChains(context.db, input.query);
  return { ...page, list: page.list.map((row) => withMode(context, row)) };
}
export const detail = async (context: ServerContext, input: { id: number }) => withMode(context, await findChain(context.db, input.id));
export const save = async (context: ServerContext, input: { body: ChainBody }) =>
  withMode(context, await saveChain(context.db, input.body, context.now()));
export const update = async (context: ServerContext, input: { body: ChainUpdateBody }) =>
  withMode(context, await updateChain(context.db, input.body, context.now()));
export const remove = async (context: ServerContext, input: { id: number }) => withMode(context, await deleteChain(context.db, input.id));

/** The same list for every caller, remembered while the reference feed is live; one line per action for the API's document. */
export const crudNotes = {
  listCache: 'reference',
  summaries: {
    list: 'The networks, filtered, sorted and paged',
    detail: 'One network',
    save: 'Add a network (the first one becomes the default)',
    update: 'Change a network (its family and chain id only while nothing uses it)',
    remove: 'Delete a network nothing uses: answers the deleted record',
  },
} as const;
