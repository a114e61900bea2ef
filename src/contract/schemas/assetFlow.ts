import { z } from 'zod';
import { listQuery, recordId, instant } from './listQuery';

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

export interface AssetFlowRecord {
  id: number;
  createdAt: string;
  walletId: number;
  walletLabel: string;
  orgId: number;
  orgName: string;
  chainId: number;
  symbol: string;
  /** Signed decimal string: negative leaves the wallet. */
  delta: string;
  balanceAfter: string;
  /** One of LEDGER_REASONS (src/contract/ledger.ts). */
  reason: string;
  proposalId: number | null;
  /**
   * The proposal's wallet and nonce, which name it (src/contract/proposalReference.ts): a supply's credit to the hot
   * wallet names the cold wallet's proposal.
   */
  proposalWalletLabel: string | null;
  proposalNonce: number | null;
  txHash: string | null;
}
