import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../http/apiError';
import { containsPattern, paginate } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { checkAddress } from '../../../src/contract/address';
import { validate, type FieldMessages } from '../../../src/contract/validation';
import {
  chainWalletBody,
  type ChainWalletBody,
  type ChainWalletListQuery,
  type ChainWalletRecord,
  type ChainWalletUpdateBody,
} from '../../../src/contract/schemas/chainWallet';
import { assertMayWriteWallet } from './walletAccess';

type Trx = Transaction<Database>;
type Reader = Db | Trx;

const walletNotFound = () => new ApiError(BodyCode.notFound, 'api.walletNotFound');

const sortColumns: Record<string, string> = {
  id: 'chain_wallet.id',
  chainId: 'chain_wallet.chain_id',
  orgId: 'chain_wallet.org_id',
  kind: 'chain_wallet.kind',
  label: 'chain_wallet.label',
  createdAt: 'chain_wallet.created_at',
};

const baseColumns = [
  'chainWallet.id',
  'chainWallet.chainId',
  'chainWallet.orgId',
  'org.name as orgName',
  'chainWallet.kind',
  'chainWallet.address',
  'chainWallet.label',
  'chainWallet.threshold',
  'chainWallet.createdAt',
  'chainWallet.updatedAt',
] as const;

type BaseRow = Omit<ChainWalletRecord, 'signers' | 'balances'>;

/** Adds signers and balances to wallet rows with two queries, whatever the page size. */
async function withDetails(db: Reader, rows: BaseRow[]): Promise<ChainWalletRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const signers = await db
    .selectFrom('walletSigner')
    .innerJoin('appUser', 'appUser.id', 'walletSigner.userId')
    .select(['walletSigner.walletId', 'appUser.id as userId', 'appUser.account', 'appUser.userName'])
    .where('walletSigner.walletId', 'in', ids)
    .orderBy('walletSigner.walletId')
    .orderBy('walletSigner.position')
    .execute();
  const balances = await db
    .selectFrom('walletBalance')
    .innerJoin('currency', 'currency.id', 'walletBalance.currencyId')
    .select(['walletBalance.walletId', 'currency.id as currencyId', 'currency.symbol', 'walletBalance.amount'])
    .where('walletBalance.walletId', 'in', ids)
    .orderBy('currency.symbol')
    .execute();
  return rows.map((row) => ({
    ...row,
    signers: signers.filter((s) => s.walletId === row.id).map(({ userId, account, userName }) => ({ userId, account, userName })),
    balances: balances.filter((b) => b.walletId === row.id).map(({ currencyId, symbol, amount }) => ({ currencyId, symbol, amount })),
  }));
}

const visibleWallets = (db: Reader, caller: Caller) =>
  db.selectFrom('chainWallet').innerJoin('org', 'org.id', 'chainWallet.orgId').where(orgVisibleTo(caller, 'chain_wallet.org_id'));

export async function listWallets(db: Db, caller: Caller, query: ChainWalletListQuery): Promise<ListResult<ChainWalletRecord>> {
  let filtered = visibleWallets(db, caller);
  if (query.chainId !== undefined) filtered = filtered.where('chainWallet.chainId', '=', query.chainId);
  if (query.orgId !== undefined) filtered = filtered.where('chainWallet.orgId', '=', query.orgId);
  if (query.kind) filtered = filtered.where('chainWallet.kind', '=', query.kind);
  if (query.address) filtered = filtered.where(sql`lower(chain_wallet.address)`, '=', query.address.toLowerCase());
  if (query.label) filtered = filtered.where('chainWallet.label', 'ilike', containsPattern(query.label));
  if (query.ids) filtered = filtered.where('chainWallet.id', 'in', query.ids);
  const page = await paginate(filtered, query, {
    select: (qb) => qb.select(baseColumns),
    sortColumns,
    defaultSort: 'id',
    tieBreaker: 'chain_wallet.id',
  });
  return { list: await withDetails(db, page.list as unknown as BaseRow[]), count: page.count };
}

/** A wallet the caller may see; another tenant's is answered exactly like an unknown id. */
export async function findWallet(db: Reader, caller: Caller, id: number, lock = false): Promise<ChainWalletRecord> {
  let query = visibleWallets(db, caller).select(baseColumns).where('chainWallet.id', '=', id);
  if (lock) query = query.forUpdate('chainWallet' as never);
  const row = await query.executeTakeFirst();
  if (!row) throw walletNotFound();
  const [wallet] = await withDetails(db, [row as unknown as BaseRow]);
  return wallet;
}

/** Checks that need the database: the chain, the org in scope, the address, the signers' membership. */
async function checkAgainstStored(trx: Trx, caller: Caller, wallet: ChainWalletBody, exceptId?: number): Promise<string> {
  const fields: FieldMessages = {};
  const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', wallet.chainId).executeTakeFirst();
  if (!chain) fields.chainId = { key: 'validation.unknownReference' };
  const org = await trx.selectFrom('org').select('id').where('id', '=', wallet.orgId).where(orgVisibleTo(caller, 'org.id')).executeTakeFirst();
  if (!org) fields.orgId = { key: 'validation.unknownReference' };
  let address = wallet.address;
  if (chain) {
    const checked = checkAddress(chain.family, wallet.address);
    if (checked.ok) address = checked.address;
    else fields.address = checked.problem;
  }
  if (org && wallet.signers.length > 0) {
    const members = await trx.selectFrom('membership').select('userId').where('orgId', '=', wallet.orgId).where('userId', 'in', wallet.signers).execute();
    if (members.length !== wallet.signers.length) fields.signers = { key: 'validation.notOrgMember' };
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  let clash = trx.selectFrom('chainWallet').select('id').where('chainId', '=', wallet.chainId).where(sql`lower(address)`, '=', address.toLowerCase());
  if (exceptId !== undefined) clash = clash.where('id', '!=', exceptId);
  if (await clash.executeTakeFirst()) {
    throw new ApiError(BodyCode.conflict, 'api.walletAddressTaken', { fields: { address: { key: 'validation.duplicate' } } });
  }
  return address;
}

async function writeSigners(trx: Trx, walletId: number, signers: number[]): Promise<void> {
  await trx.deleteFrom('walletSigner').where('walletId', '=', walletId).execute();
  if (signers.length > 0) await trx.insertInto('walletSigner').values(signers.map((userId, position) => ({ walletId, userId, position }))).execute();
}

export async function saveWallet(db: Db, caller: Caller, body: ChainWalletBody, now: Date): Promise<ChainWalletRecord> {
  assertMayWriteWallet(caller, body);
  return db.transaction().execute(async (trx) => {
    const address = await checkAgainstStored(trx, caller, body);
    const { id } = await trx
      .insertInto('chainWallet')
      .values({ chainId: body.chainId, orgId: body.orgId, kind: body.kind, address, label: body.label, threshold: body.threshold, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeSigners(trx, id, body.signers);
    return findWallet(trx, caller, id);
  });
}

/** Label, threshold and signers change; the merged wallet must pass every rule of a new one. */
export async function updateWallet(db: Db, caller: Caller, body: ChainWalletUpdateBody, now: Date): Promise<ChainWalletRecord> {
  return db.transaction().execute(async (trx) => {
    const stored = await findWallet(trx, caller, body.id, true);
    assertMayWriteWallet(caller, stored);
    const merged = validate(chainWalletBody, {
      chainId: stored.chainId,
      orgId: stored.orgId,
      kind: stored.kind,
      address: stored.address,
      label: body.label ?? stored.label,
      threshold: body.threshold === undefined ? stored.threshold : body.threshold,
      signers: body.signers ?? stored.signers.map((s) => s.userId),
    });
    if (!merged.ok) throw badRequest(merged.errors);
    await checkAgainstStored(trx, caller, merged.data, stored.id);
    await trx
      .updateTable('chainWallet')
      .set({ label: merged.data.label, threshold: merged.data.threshold, updatedAt: now })
      .where('id', '=', stored.id)
      .execute();
    await writeSigners(trx, stored.id, merged.data.signers);
    return findWallet(trx, caller, stored.id);
  });
}

export async function deleteWallet(db: Db, caller: Caller, id: number): Promise<ChainWalletRecord> {
  return db.transaction().execute(async (trx) => {
    const stored = await findWallet(trx, caller, id, true);
    assertMayWriteWallet(caller, stored);
    const funded = await trx.selectFrom('walletBalance').select('walletId').where('walletId', '=', id).where('amount', '>', '0').executeTakeFirst();
    const proposals = await trx.selectFrom('proposal').select('id').where('walletId', '=', id).executeTakeFirst();
    const ledger = await trx.selectFrom('ledgerEntry').select('id').where('walletId', '=', id).executeTakeFirst();
    const gas = await trx.selectFrom('gasFee').select('id').where('walletId', '=', id).executeTakeFirst();
    if (funded || proposals || ledger || gas) throw new ApiError(BodyCode.conflict, 'api.walletInUse');
    await trx.deleteFrom('walletSigner').where('walletId', '=', id).execute();
    await trx.deleteFrom('walletBalance').where('walletId', '=', id).execute();
    await trx.deleteFrom('chainWallet').where('id', '=', id).execute();
    return stored;
  });
}
