import { z } from 'zod';
import { listQuery, recordId, instant } from './listQuery';
import { isoInstant } from './response';
import { exportView } from './exportQuery';

/** GET /sys/asset-flow/list (/asset-flow, docs/ledger.md): balance changes of the wallets in the caller's scope. */
export const assetFlowSortable = ['id', 'createdAt', 'delta'] as const;
export const assetFlowListQuery = listQuery(assetFlowSortable, {
  chainId: z.coerce.number({ error: 'validation.invalidId' }).int().positive().optional(),
  walletId: recordId.optional(),
  symbol: z.string().trim().max(16).optional(),
  reason: z.string().trim().max(40).optional(),
  proposalId: recordId.optional(),
  txHash: z.string().trim().max(100).optional(),
  dateFrom: instant.optional(),
  dateTo: instant.optional(),
});
export type AssetFlowListQuery = z.infer<typeof assetFlowListQuery>;
/** GET /sys/asset-flow/export: the list's filters, and which screen's columns the file words (the full ledger or its lite view). */
export const assetFlowExportQuery = assetFlowListQuery.extend({ view: exportView(['asset-flow', 'asset-flow-lite']) });
export type AssetFlowExportQuery = z.infer<typeof assetFlowExportQuery>;

export const assetFlowRecord = z.object({
  id: z.number(),
  createdAt: isoInstant,
  walletId: z.number(),
  walletLabel: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  chainId: z.number(),
  symbol: z.string(),
  /** Signed decimal string: negative leaves the wallet. */
  delta: z.string(),
  balanceAfter: z.string(),
  /** One of LEDGER_REASONS (src/contract/ledger.ts). */
  reason: z.string(),
  proposalId: z.number().nullable(),
  /**
   * The proposal's wallet and nonce, which name it (src/contract/proposalReference.ts): a supply's credit to the hot
   * wallet names the cold wallet's proposal.
   */
  proposalWalletLabel: z.string().nullable(),
  proposalNonce: z.number().nullable(),
  txHash: z.string().nullable(),
});
export type AssetFlowRecord = z.output<typeof assetFlowRecord>;
/** What the server hands the response schema (instants as Dates). */
export type AssetFlowRecordInput = z.input<typeof assetFlowRecord>;
