import { optionalProposalReference } from './proposalReference';
import { auditActionKey } from './audit';
import type { MovementKind } from './movement';
import type { OrderReportKind } from './report';

/**
 * The columns of the lists the server exports as a stream (docs/DECISIONS.md "Export"): the
 * same columns, in the same order, with the same headers and value labels as the console's
 * screen of that list shows (a unit test holds the two together). Free of React and zod, so
 * the server imports it.
 */
export interface ExportColumn {
  source: string;
  /** The translation key of a value's label (an enum), which may read the whole row; values without one stay as they are. */
  valueLabel?: (value: string, row: Record<string, unknown>) => string;
  /** The cell from the whole row (a proposal named by its wallet and nonce). */
  cell?: (row: Record<string, unknown>) => unknown;
}

export interface ExportView {
  /** The console resource whose field labels head the columns: `resources.<labels>.fields.<source>`. */
  labels: string;
  columns: readonly ExportColumn[];
}

const reportStatus = (value: string) => `report.status.${value}`;
const reasonKey = (reason: string) => reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

export function orderReportExport(kind: OrderReportKind): ExportView {
  return {
    labels: `${kind}-report`,
    columns: [
      { source: 'chainId' },
      { source: 'orderNo' },
      { source: 'createdAt' },
      { source: 'orgName' },
      ...(kind === 'linkpay' ? [{ source: 'payLinkTitle' }] : []),
      { source: 'symbol' },
      { source: 'amount' },
      { source: 'fee' },
      { source: 'status', valueLabel: reportStatus },
      { source: 'paidAt' },
      { source: 'txHash' },
      { source: 'payerAddress' },
      { source: 'depositAddress' },
    ],
  };
}

export const gasReportExport: ExportView = {
  labels: 'gas-report',
  columns: [
    { source: 'chainId' },
    { source: 'createdAt' },
    { source: 'orgName' },
    { source: 'walletLabel' },
    { source: 'reason', valueLabel: (value) => `report.reason.${value}` },
    { source: 'symbol' },
    { source: 'fee' },
    { source: 'txHash' },
  ],
};

/** The ledger, in full (/asset-flow) or in five columns (/asset-flow-lite). */
export const assetFlowExports: Record<'asset-flow' | 'asset-flow-lite', ExportView> = {
  'asset-flow': {
    labels: 'asset-flow',
    columns: [
      { source: 'createdAt' },
      { source: 'chainId' },
      { source: 'orgName' },
      { source: 'walletLabel' },
      { source: 'symbol' },
      { source: 'delta' },
      { source: 'balanceAfter' },
      { source: 'reason', valueLabel: (value) => `resources.asset-flow.reasons.${reasonKey(value)}` },
      { source: 'proposalId', cell: (row) => optionalProposalReference(row.proposalWalletLabel, row.proposalNonce) ?? row.proposalId },
      { source: 'txHash' },
    ],
  },
  'asset-flow-lite': {
    labels: 'asset-flow-lite',
    columns: [{ source: 'chainId' }, { source: 'createdAt' }, { source: 'walletLabel' }, { source: 'symbol' }, { source: 'delta' }, { source: 'balanceAfter' }],
  },
};

export function movementExport(kind: MovementKind): ExportView {
  return {
    labels: 'movement',
    columns: [
      { source: 'createdAt' },
      { source: 'chainId' },
      { source: 'walletLabel' },
      ...(kind === 'refund' ? [{ source: 'orderNo' }] : []),
      { source: 'to' },
      { source: 'symbol' },
      { source: 'amount' },
      ...(kind === 'withdraw' ? [{ source: 'fee' }] : []),
      { source: 'memo' },
      { source: 'status', valueLabel: (value) => `resources.movement.statuses.${value}` },
      { source: 'proposalId', cell: (row) => optionalProposalReference(row.walletLabel, row.proposalNonce) ?? row.proposalId },
      { source: 'txHash' },
      { source: 'orgName' },
      { source: 'createdBy' },
    ],
  };
}

/** The sign log: every action on every proposal in scope (the multisig screen's Export). */
export const signLogExport: ExportView = {
  labels: 'sign-log',
  columns: [
    { source: 'createdAt' },
    { source: 'chainId' },
    { source: 'proposalId', cell: (row) => optionalProposalReference(row.walletLabel, row.proposalNonce) ?? row.proposalId },
    { source: 'action', valueLabel: (value) => `multisig.log.action.${value}` },
    { source: 'actor' },
    { source: 'actorName' },
    { source: 'comment' },
  ],
};

export const auditLogExport: ExportView = {
  labels: 'audit-log',
  columns: [
    { source: 'createdAt' },
    { source: 'actorAccount' },
    { source: 'orgName' },
    // A proposal's event says what it did to it (approved, executed…) and names it by wallet and nonce, as the list does.
    { source: 'action', valueLabel: (value, row) => auditActionKey(value, row.proposalStep) },
    { source: 'entity', valueLabel: (value) => `auditLog.entity.${value}` },
    { source: 'entityId', cell: (row) => row.proposal ?? row.entityId },
    { source: 'clientAddress' },
    { source: 'before' },
    { source: 'after' },
    { source: 'userAgent' },
    { source: 'requestId' },
    { source: 'route' },
  ],
};
