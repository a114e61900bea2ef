import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { keysetSorts, newestFirst, paginate } from '../../http/pagination';
import { decimalText } from '../../db/decimalText';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { sendListExport } from '../../http/listExport';
import { assetFlowExports } from '../../../src/contract/exports';
import type { AssetFlowExportQuery, AssetFlowListQuery, AssetFlowRecordInput } from '../../../src/contract/schemas/assetFlow';

/*
 * The ledger of balance changes (/asset-flow and /asset-flow-lite, "all except agent"; docs/ledger.md),
 * served for the declarations src/resources/assetFlow/resource.ts and assetFlowLite/resource.ts
 * (server/modules/declared/moduleService.ts): written only through server/modules/ledger/post.ts.
 * Both screens read one API, so its list and export tolerate a replica's lag alike.
 */

/** A ledger entry with its wallet's label and coin (joined as `chainWallet` and `currency`): the asset flow's row and an order's detail show it. */
export const ledgerLineColumns = [
  'ledgerEntry.id',
  'chainWallet.label as walletLabel',
  'currency.symbol',
  decimalText('ledger_entry.delta', 'delta'),
  decimalText('ledger_entry.balance_after', 'balanceAfter'),
  'ledgerEntry.reason',
  'ledgerEntry.txHash',
  'ledgerEntry.createdAt',
] as const;

/** Ledger entries joined to what `ledgerLineColumns` names. */
export const ledgerLines = (db: Db) =>
  db
    .selectFrom('ledgerEntry')
    .innerJoin('chainWallet', 'chainWallet.id', 'ledgerEntry.walletId')
    .innerJoin('currency', 'currency.id', 'ledgerEntry.currencyId');

/** The ledger entries a list or export selects, and the page shape they share. */
export function assetFlowSource(db: Db, caller: Caller, query: AssetFlowListQuery) {
  let filtered = ledgerLines(db)
    .innerJoin('org', 'org.id', 'chainWallet.orgId')
    .leftJoin('proposal', 'proposal.id', 'ledgerEntry.proposalId')
    .leftJoin('chainWallet as proposalWallet', 'proposalWallet.id', 'proposal.walletId')
    .where(orgVisibleTo(caller, 'chain_wallet.org_id'));
  if (query.chainId !== undefined) filtered = filtered.where('chainWallet.chainId', '=', query.chainId);
  if (query.walletId !== undefined) filtered = filtered.where('ledgerEntry.walletId', '=', query.walletId);
  if (query.symbol) filtered = filtered.where('currency.symbol', '=', query.symbol.toUpperCase());
  if (query.reason) filtered = filtered.where('ledgerEntry.reason', '=', query.reason);
  if (query.proposalId !== undefined) filtered = filtered.where('ledgerEntry.proposalId', '=', query.proposalId);
  if (query.txHash) filtered = filtered.where(sql`lower(ledger_entry.tx_hash)`, '=', query.txHash.toLowerCase());
  if (query.dateFrom) filtered = filtered.where('ledgerEntry.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('ledgerEntry.createdAt', '<=', new Date(query.dateTo));
  if (query.ids) filtered = filtered.where('ledgerEntry.id', 'in', query.ids);
  return {
    filtered,
    options: {
      select: (qb: typeof filtered) =>
        qb.select([
          ...ledgerLineColumns,
          'ledgerEntry.walletId',
          'chainWallet.orgId',
          'org.name as orgName',
          'chainWallet.chainId',
          'ledgerEntry.proposalId',
          'proposalWallet.label as proposalWalletLabel',
          'proposal.nonce as proposalNonce',
        ]),
      ...keysetSorts('ledger_entry', ['id', 'createdAt', 'delta']),
      defaultSort: 'id',
      tieBreaker: 'ledger_entry.id',
      // Grows with every payment: counted apart (server/http/pagination.ts `countApart`).
      countApart: true,
    },
  };
}

/** Ledger entries of the wallets the caller's tenancy reaches, newest first by default; amounts stay decimal strings. */
export async function list(
  context: ServerContext,
  { caller, query }: { caller: Caller; query: AssetFlowListQuery },
): Promise<ListResult<AssetFlowRecordInput>> {
  const { filtered, options } = assetFlowSource(context.reader, caller, query);
  return paginate(filtered, { ...query, ...newestFirst(query) }, options);
}

/** The whole filtered ledger as CSV, newest first unless sorted, worded as the screen that asked (`view`). */
async function exportAssetFlow(
  context: ServerContext,
  input: { caller: Caller; query: AssetFlowExportQuery; request: FastifyRequest; reply: FastifyReply },
) {
  const { caller, query, request, reply } = input;
  const view = query.view ?? 'asset-flow';
  return sendListExport(context, request, reply, {
    ...assetFlowSource(context.reader, caller, query),
    sort: newestFirst(query),
    view: assetFlowExports[view],
    name: view,
  });
}
export { exportAssetFlow as export };
