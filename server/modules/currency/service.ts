import { sql, type Transaction } from 'kysely';
import type { ServerContext } from '../../http/serverContext';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { countUses, firstUse, type UsageCheck, type UsageCount } from '../../db/usage';
import { ApiError, badRequest, lockedWhileUsed } from '../../http/apiError';
import { containsPattern, pageOfColumns, sortByColumns } from '../../http/pagination';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { checkAddress } from '../../../src/contract/address';
import { devnetToken } from '../../chain/devnetTokens';
import { validate, type FieldMessages } from '../../../src/contract/validation';
import {
  currencyBody,
  WELL_KNOWN_SYMBOLS,
  type CurrencyBody,
  type CurrencyListQuery,
  type CurrencyRecordInput,
  type CurrencyUpdateBody,
  type KnownSymbol,
  type LegalTenderRecord,
} from '../../../src/contract/schemas/currency';

type Trx = Transaction<Database>;

/**
 * What refers to a currency: it cannot be deleted (nor renamed, moved to another chain,
 * contract or precision) while any of these does. A new money table joins this list.
 */
export const currencyUsage: readonly (UsageCheck & UsageCount)[] = [
  { table: 'walletBalance', column: 'currencyId', key: 'api.currencyHeldByWallets', noun: 'api.usedBy.wallets' },
  { table: 'ledgerEntry', column: 'currencyId', key: 'api.currencyInLedger', noun: 'api.usedBy.ledgerEntries' },
  { table: 'proposal', column: 'currencyId', key: 'api.currencyInProposals', noun: 'api.usedBy.proposals' },
  { table: 'movement', column: 'currencyId', key: 'api.currencyInTransfers', noun: 'api.usedBy.movements' },
  { table: 'paymentOrder', column: 'currencyId', key: 'api.currencyInPayments', noun: 'api.usedBy.orders' },
  { table: 'payLink', column: 'currencyId', key: 'api.currencyInPayments', noun: 'api.usedBy.payLinks' },
  { table: 'gasFee', column: 'currencyId', key: 'api.currencyInPayments', noun: 'api.usedBy.gasFees' },
  { table: 'chainTransfer', column: 'currencyId', key: 'api.currencyInTransfers', noun: 'api.usedBy.chainTransfers' },
];

/**
 * Fields that define what a currency's stored amounts and records mean (proposals and
 * movements name it by symbol), frozen while it is used; each with its name in a refusal.
 */
const LOCKED_WHILE_USED = {
  symbol: 'api.lockedField.symbol',
  chainId: 'api.lockedField.chainId',
  contractAddress: 'api.lockedField.contractAddress',
  decimals: 'api.lockedField.decimals',
} as const;

const columns = [
  'id',
  'symbol',
  'name',
  'chainId',
  'contractAddress',
  'decimals',
  'legalTender',
  'minDeposit',
  'minWithdraw',
  'withdrawFee',
  'enabled',
  'createdAt',
  'updatedAt',
] as const;

const sortColumns = sortByColumns('currency', ['id', 'symbol', 'name', 'chainId', 'decimals', 'legalTender', 'enabled', 'createdAt']);

const currencyNotFound = () => new ApiError(BodyCode.notFound, 'api.currencyNotFound');

export async function listCurrencies(db: Db, query: CurrencyListQuery): Promise<ListResult<CurrencyRecordInput>> {
  let filtered = db.selectFrom('currency');
  if (query.chainId !== undefined) filtered = filtered.where('chainId', '=', query.chainId);
  if (query.symbol) filtered = filtered.where('symbol', 'ilike', containsPattern(query.symbol));
  if (query.enabled !== undefined) filtered = filtered.where('enabled', '=', query.enabled);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'id', tieBreaker: 'currency.id' });
}

/** A currency by id; `lock` holds its row until the transaction ends (an update's, a delete's). */
export async function findCurrency(db: Db | Trx, id: number, lock = false): Promise<CurrencyRecordInput> {
  const query = db.selectFrom('currency').select(columns).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow(currencyNotFound);
}

export async function listLegalTenders(db: Db): Promise<ListResult<LegalTenderRecord>> {
  const list = await db.selectFrom('legalTender').select(['code', 'name']).orderBy('code').execute();
  return { list, count: list.length };
}

/** Well-known symbols not yet on the chain, for the console's "new currency" form. */
export async function availableSymbols(db: Db, chainId: number): Promise<ListResult<KnownSymbol>> {
  const chain = await db.selectFrom('chain').select('id').where('chainId', '=', chainId).executeTakeFirst();
  if (!chain) throw new ApiError(BodyCode.notFound, 'api.chainNotFound');
  const taken = new Set((await db.selectFrom('currency').select('symbol').where('chainId', '=', chainId).execute()).map((r) => r.symbol));
  const list = WELL_KNOWN_SYMBOLS.filter((entry) => !taken.has(entry.symbol));
  return { list, count: list.length };
}

/**
 * The checks that need the database, for a whole currency (new, or stored merged
 * with an update): references exist, the contract address fits the chain's family,
 * and the currency is unique on its chain. Answers the address in canonical form.
 */
async function checkAgainstStored(trx: Trx, currency: CurrencyBody, exceptId?: number): Promise<string | null> {
  // Shared lock: the family the address is checked against cannot change before this transaction ends.
  const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', currency.chainId).forShare().executeTakeFirst();
  const tender = await trx.selectFrom('legalTender').select('code').where('code', '=', currency.legalTender).executeTakeFirst();
  const fields: FieldMessages = {};
  if (!chain) fields.chainId = { key: 'validation.unknownReference' };
  if (!tender) fields.legalTender = { key: 'validation.unknownReference' };
  let contractAddress: string | null = null;
  if (chain && currency.contractAddress !== null) {
    const checked = checkAddress(chain.family, currency.contractAddress);
    if (checked.ok) contractAddress = checked.address;
    else fields.contractAddress = checked.problem;
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  const others = (query: ReturnType<typeof sameChain>) => (exceptId === undefined ? query : query.where('id', '!=', exceptId));
  const sameChain = () => trx.selectFrom('currency').select(['id', 'symbol']).where('chainId', '=', currency.chainId);
  if (await others(sameChain().where('symbol', '=', currency.symbol)).executeTakeFirst()) {
    throw new ApiError(BodyCode.conflict, 'api.currencySymbolTaken', {
      params: { symbol: currency.symbol },
      fields: { symbol: { key: 'validation.duplicate' } },
    });
  }
  if (contractAddress === null) {
    const native = await others(sameChain().where('contractAddress', 'is', null)).executeTakeFirst();
    if (native) {
      throw new ApiError(BodyCode.conflict, 'api.currencyNativeExists', {
        params: { symbol: native.symbol },
        fields: { contractAddress: { key: 'validation.nativeExists', params: { symbol: native.symbol } } },
      });
    }
  } else {
    const sameContract = await others(
      sameChain().where(sql`lower(contract_address)`, '=', contractAddress.toLowerCase()),
    ).executeTakeFirst();
    if (sameContract) {
      throw new ApiError(BodyCode.conflict, 'api.currencyContractTaken', { fields: { contractAddress: { key: 'validation.duplicate' } } });
    }
  }
  return contractAddress;
}

export async function saveCurrency(db: Db, body: CurrencyBody, now: Date): Promise<CurrencyRecordInput> {
  return db.transaction().execute(async (trx) => {
    const contractAddress = await checkAgainstStored(trx, body);
    const { id } = await trx
      .insertInto('currency')
      .values({ ...body, contractAddress, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findCurrency(trx, id);
  });
}

export async function updateCurrency(db: Db, body: CurrencyUpdateBody, now: Date): Promise<CurrencyRecordInput> {
  const { id, ...changes } = body;
  return db.transaction().execute(async (trx) => {
    const current = await findCurrency(trx, id, true);
    // Cross-field rules (amounts within the decimals) hold for the record as it will be, not just the patch.
    const merged = validate(currencyBody, { ...current, ...changes });
    if (!merged.ok) throw badRequest(merged.errors);
    const locked = (Object.keys(LOCKED_WHILE_USED) as (keyof typeof LOCKED_WHILE_USED)[]).filter(
      (field) => field in changes && !sameValue(changes[field], current[field]),
    );
    if (locked.length > 0) {
      // Counted under the row lock: a row that refers to the currency by foreign key cannot be added until this transaction ends.
      const uses = await countUses(trx, currencyUsage, id);
      if (uses.length > 0) {
        const chain = await trx.selectFrom('chain').select('name').where('chainId', '=', current.chainId).executeTakeFirstOrThrow();
        const fields = locked.map((field) => ({ key: LOCKED_WHILE_USED[field] }));
        throw lockedWhileUsed('api.currencyLocked', { fields, currency: current.symbol, chain: chain.name }, uses, locked);
      }
    }
    const contractAddress = await checkAgainstStored(trx, merged.data, id);
    await trx
      .updateTable('currency')
      .set({ ...changes, ...('contractAddress' in changes ? { contractAddress } : {}), updatedAt: now })
      .where('id', '=', id)
      .execute();
    return findCurrency(trx, id);
  });
}

/** Addresses compare case-insensitively (EIP-55 case is only a checksum). */
const sameValue = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** Deletes a currency nothing uses and answers with the record as it was. */
export async function deleteCurrency(db: Db, id: number): Promise<CurrencyRecordInput> {
  return db.transaction().execute(async (trx) => {
    const current = await findCurrency(trx, id, true);
    const use = await firstUse(trx, currencyUsage, id);
    if (use) throw new ApiError(BodyCode.conflict, use.key);
    await trx.deleteFrom('currency').where('id', '=', id).execute();
    return current;
  });
}

/* The resource's CRUD, by the names its declaration's module service is read by (src/resources/currency/resource.ts). */
type Context = Pick<ServerContext, 'db' | 'now' | 'chains'>;

/**
 * A token saved on a chain whose devnet already runs (the deposit watcher starts a new chain's at
 * once, before its currencies exist): its contract made there now, after the commit, as a devnet
 * started later has it from genesis (README "Starting with nothing seeded").
 */
async function withDevnetToken(context: Context, saved: CurrencyRecordInput): Promise<CurrencyRecordInput> {
  if (saved.contractAddress !== null) await context.chains.tokenAdded(saved.chainId, devnetToken(saved));
  return saved;
}

export const list = (context: Context, input: { query: CurrencyListQuery }) => listCurrencies(context.db, input.query);
export const detail = (context: Context, input: { id: number }) => findCurrency(context.db, input.id);
export const save = async (context: Context, input: { body: CurrencyBody }) =>
  withDevnetToken(context, await saveCurrency(context.db, input.body, context.now()));
export const update = async (context: Context, input: { body: CurrencyUpdateBody }) =>
  withDevnetToken(context, await updateCurrency(context.db, input.body, context.now()));
export const remove = (context: Context, input: { id: number }) => deleteCurrency(context.db, input.id);

/** The same list for every caller, remembered while the reference feed is live; one line per action for the API's document. */
export const crudNotes = {
  listCache: 'reference',
  summaries: {
    list: 'The currencies, filtered, sorted and paged',
    detail: 'One currency',
    save: 'Add a currency (unique symbol, contract and native coin per chain)',
    update: 'Change a currency (its symbol, chain, contract and decimals only while nothing uses it)',
    remove: 'Delete a currency nothing uses: answers the deleted record',
  },
} as const;
