import { ORDER_DEPOSIT_KIND } from '../../../src/contract/merchantOrder';
import { sql, type InferResult, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../http/apiError';
import { containsPattern, pageOfColumns, sortByColumns } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { userColumns, type Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { checkAddress } from '../../../src/contract/address';
import { isMultiSigKind, walletKindsFor, type WalletKind } from '../../../src/contract/contractKinds';
import type { FieldMessages } from '../../../src/contract/validation';
import {
  type ChainWalletBody,
  type ChainWalletListQuery,
  type chainWalletRecord,
  type ChainWalletUpdateBody,
} from '../../../src/contract/schemas/chainWallet';
import { assertMayWriteWallet } from './walletAccess';
import { sameSigners } from '../../../src/contract/signerSet';
import { allMembersOf, writeSigners } from './signers';
import { safeFor, safeOwnersValue, safeSetupValue } from './safeWallet';
import type { ChainRegistry } from '../../chain/registry';
import type { ServerContext } from '../../http/serverContext';

type Trx = Transaction<Database>;
type Reader = Db | Trx;

const walletNotFound = () => new ApiError(BodyCode.notFound, 'api.walletNotFound');

const sortColumns = sortByColumns('chain_wallet', ['id', 'chainId', 'orgId', 'kind', 'label', 'createdAt']);

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

/** A wallet as the response schema takes it (it writes the dates). */
type ChainWalletAnswer = z.input<typeof chainWalletRecord>;
/** A wallet as the query selects it, before its signers and balances are added. */
type BaseRow = InferResult<ReturnType<typeof walletRows>>[number];

/** Adds signers and balances to wallet rows with two queries, whatever the page size. */
async function withDetails(db: Reader, rows: BaseRow[]): Promise<ChainWalletAnswer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const signers = await db
    .selectFrom('walletSigner')
    .innerJoin('appUser', 'appUser.id', 'walletSigner.userId')
    .select(['walletSigner.walletId', ...userColumns])
    .where('walletSigner.walletId', 'in', ids)
    // Each wallet's signers are picked out below, in the order of their positions.
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
const walletRows = (db: Reader, caller: Caller) => visibleWallets(db, caller).select(baseColumns);

export async function listWallets(db: Db, caller: Caller, query: ChainWalletListQuery): Promise<ListResult<ChainWalletAnswer>> {
  let filtered = visibleWallets(db, caller);
  if (query.chainId !== undefined) filtered = filtered.where('chainWallet.chainId', '=', query.chainId);
  if (query.orgId !== undefined) filtered = filtered.where('chainWallet.orgId', '=', query.orgId);
  // Orders' own addresses are wallets in the books but not in this list (docs/payments.md "An address per order").
  filtered = query.kind
    ? filtered.where('chainWallet.kind', '=', query.kind)
    : filtered.where('chainWallet.kind', '<>', ORDER_DEPOSIT_KIND);
  if (query.address) filtered = filtered.where(sql`lower(chain_wallet.address)`, '=', query.address.toLowerCase());
  if (query.label) filtered = filtered.where('chainWallet.label', 'ilike', containsPattern(query.label));
  const page = await pageOfColumns(filtered, query, baseColumns, { sortColumns, defaultSort: 'id', tieBreaker: 'chain_wallet.id' });
  return { list: await withDetails(db, page.list), count: page.count };
}

/** A wallet the caller may see; another tenant's is answered exactly like an unknown id. */
export async function findWallet(db: Reader, caller: Caller, id: number, lock = false): Promise<ChainWalletAnswer> {
  let query = walletRows(db, caller).where('chainWallet.id', '=', id);
  if (lock) query = query.forUpdate('chainWallet' as never);
  const row = await query.executeTakeFirst();
  if (!row) throw walletNotFound();
  const [wallet] = await withDetails(db, [row]);
  return wallet;
}

/** Each tier holds its own multisig contracts (MultiSigHotStd is a standard merchant's): another tier's kind is a 409 on `kind`. */
function assertKindOfTier(kind: string, org: { name: string; tenantType: number }): void {
  const allowed = walletKindsFor(org.tenantType);
  if (allowed.includes(kind as WalletKind)) return;
  const params = { org: org.name, kind, allowed: allowed.join(', ') };
  throw new ApiError(BodyCode.conflict, 'api.walletKindOfTier', { params, fields: { kind: { key: 'api.walletKindOfTier', params } } });
}

/**
 * Checks that need the database: the chain, the org in scope, the address, the signers' membership.
 * `address` null: the wallet's address is not known yet (its Safe is made after these checks).
 */
async function checkAgainstStored(
  trx: Trx,
  caller: Caller,
  wallet: ChainWalletBody,
  address: string | null,
  exceptId?: number,
): Promise<string> {
  const fields: FieldMessages = {};
  // FOR SHARE: a concurrent family change waits for this wallet (and then sees it), so no address of the old family slips in.
  const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', wallet.chainId).forShare().executeTakeFirst();
  if (!chain) fields.chainId = { key: 'validation.unknownReference' };
  const org = await trx
    .selectFrom('org')
    .select(['id', 'name', 'tenantType'])
    .where('id', '=', wallet.orgId)
    .where(orgVisibleTo(caller, 'org.id'))
    .executeTakeFirst();
  if (!org) fields.orgId = { key: 'validation.unknownReference' };
  let canonical = address ?? '';
  if (chain && address !== null) {
    const checked = checkAddress(chain.family, address);
    if (checked.ok) canonical = checked.address;
    else fields.address = checked.problem;
  }
  if (org && !(await allMembersOf(trx, wallet.orgId, wallet.signers))) fields.signers = { key: 'validation.notOrgMember' };
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  if (org) assertKindOfTier(wallet.kind, org);
  if (address === null) return canonical;

  let clash = trx
    .selectFrom('chainWallet')
    .select('id')
    .where('chainId', '=', wallet.chainId)
    .where(sql`lower(address)`, '=', canonical.toLowerCase());
  if (exceptId !== undefined) clash = clash.where('id', '!=', exceptId);
  if (await clash.executeTakeFirst()) {
    throw new ApiError(BodyCode.conflict, 'api.walletAddressTaken', { fields: { address: { key: 'validation.duplicate' } } });
  }
  return canonical;
}

/**
 * A new wallet. A multisig one on an EVM chain is a Safe (server/modules/chainWallet/safeWallet.ts):
 * checked first, then its Safe deployed (or found, on a re-run) with no database transaction held
 * while the chain answers, then written with the Safe's address. Its address is never typed in.
 */
export async function saveWallet(
  db: Db,
  chains: ChainRegistry,
  caller: Caller,
  body: ChainWalletBody,
  now: Date,
): Promise<ChainWalletAnswer> {
  assertMayWriteWallet(caller, body, 'kind');
  await db.transaction().execute((trx) => checkAgainstStored(trx, caller, body, null));
  const safe = await safeFor(db, chains, body).catch(rethrowChainFault);
  if (safe !== null && body.address !== undefined && body.address.toLowerCase() !== safe.address.toLowerCase()) {
    throw badRequest({ address: { key: 'validation.safeAddressGiven' } });
  }
  if (safe === null && body.address === undefined) throw badRequest({ address: { key: 'validation.required' } });
  return db.transaction().execute(async (trx) => {
    const address = await checkAgainstStored(trx, caller, body, safe?.address ?? (body.address as string));
    const { id } = await trx
      .insertInto('chainWallet')
      .values({
        chainId: body.chainId,
        orgId: body.orgId,
        kind: body.kind,
        address,
        label: body.label,
        threshold: body.threshold,
        safeSetup: safe ? safeSetupValue(safe.setup) : null,
        safeOwners: safe ? safeOwnersValue(safe.setup) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeSigners(trx, id, body.signers);
    return findWallet(trx, caller, id);
  });
}

/** An API error (a signer without a key) goes out as it is; a node that does not answer is a 503. */
function rethrowChainFault(error: unknown): never {
  if (error instanceof ApiError) throw error;
  throw new ApiError(BodyCode.unavailable, 'api.chainUnavailable');
}

/**
 * Only the label changes here. A multisig wallet's signers and threshold are its
 * governance: they change only through a governance proposal its own signers approve (as
 * a Safe changes owners only by a Safe transaction), never by one writer of the wallet
 * row, however senior. The record read back may be sent whole: unchanged values pass.
 */
export async function updateWallet(db: Db, caller: Caller, body: ChainWalletUpdateBody, now: Date): Promise<ChainWalletAnswer> {
  return db.transaction().execute(async (trx) => {
    const stored = await findWallet(trx, caller, body.id, true);
    assertMayWriteWallet(caller, stored);
    if (!isMultiSigKind(stored.kind) && ((body.threshold ?? null) !== null || (body.signers ?? []).length > 0)) {
      throw badRequest({ [(body.threshold ?? null) !== null ? 'threshold' : 'signers']: { key: 'validation.onlyMultisig' } });
    }
    const thresholdChanges = body.threshold !== undefined && (body.threshold ?? null) !== stored.threshold;
    const signersChange =
      body.signers !== undefined &&
      !sameSigners(
        body.signers,
        stored.signers.map((s) => s.userId),
      );
    if (thresholdChanges || signersChange) {
      throw new ApiError(BodyCode.conflict, 'api.walletGovernanceByProposal', {
        fields: { [signersChange ? 'signers' : 'threshold']: { key: 'api.walletGovernanceByProposal' } },
      });
    }
    await trx
      .updateTable('chainWallet')
      .set({ label: body.label ?? stored.label, updatedAt: now })
      .where('id', '=', stored.id)
      .execute();
    return findWallet(trx, caller, stored.id);
  });
}

export async function deleteWallet(db: Db, caller: Caller, id: number): Promise<ChainWalletAnswer> {
  return db.transaction().execute(async (trx) => {
    const stored = await findWallet(trx, caller, id, true);
    assertMayWriteWallet(caller, stored);
    const funded = await trx
      .selectFrom('walletBalance')
      .select('walletId')
      .where('walletId', '=', id)
      .where('amount', '>', '0')
      .executeTakeFirst();
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

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/chainWallet/resource.ts, server/modules/declared/moduleService.ts): every role
 * reads the wallets of its tenancy scope; the writers' mask lets managers and the operator row in,
 * the wallet's org and kind decide the rest (walletAccess.ts).
 */
export const list = (context: ServerContext, input: { caller: Caller; query: ChainWalletListQuery }) =>
  listWallets(context.db, input.caller, input.query);
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) => findWallet(context.db, input.caller, input.id);
export const save = (context: ServerContext, input: { caller: Caller; body: ChainWalletBody }) =>
  saveWallet(context.db, context.chains, input.caller, input.body, context.now());
export const update = (context: ServerContext, input: { caller: Caller; body: ChainWalletUpdateBody }) =>
  updateWallet(context.db, input.caller, input.body, context.now());
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) => deleteWallet(context.db, input.caller, input.id);

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The wallets in the caller’s tenancy scope, with signers and balances, filtered, sorted and paged',
    detail: 'One wallet, with its signers and balances',
    save: 'Add a wallet (a multisig one with its signers and threshold)',
    update: 'Rename a wallet (signers and threshold change only by governance proposal)',
    remove: 'Delete an unfunded wallet nothing refers to: answers the deleted record',
  },
} as const;
