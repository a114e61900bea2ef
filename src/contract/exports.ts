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
  /** The cell from the whole row (a proposal named by its wallet and nonce), with the names of what rows refer to by id. */
  cell?: (row: Record<string, unknown>, names: ExportNames) => unknown;
  /** The translation key heading the column, when it is not the field's label (`export.id.chain`: "Chain ID"). */
  header?: string;
}

/**
 * The names of the records rows refer to by id, keyed by the id as a string (docs/DECISIONS.md
 * "Exports name what they refer to"): a person reads "Ethereum", not "1".
 */
export type ExportNames = {
  chain: ReadonlyMap<string, string>;
};
export const NO_EXPORT_NAMES: ExportNames = { chain: new Map() };

/** The header key of a referenced record's id column ("Chain ID"), beside the column naming it. */
export const referenceIdHeader = (target: string) => `export.id.${target}`;

/**
 * A row's chain: its name, then its chain ID in a column of its own (named as such), which a
 * spreadsheet can still join on. A chain since deleted keeps its id in the name column.
 */
const chainColumns: readonly ExportColumn[] = [
  { source: 'chainId', cell: (row, names) => names.chain.get(String(row.chainId)) ?? row.chainId },
  { source: 'chainId', header: referenceIdHeader('chain') },
];

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
      ...chainColumns,
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
    ...chainColumns,
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
      ...chainColumns,
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
    columns: [
      ...chainColumns,
      { source: 'createdAt' },
      { source: 'walletLabel' },
      { source: 'symbol' },
      { source: 'delta' },
      { source: 'balanceAfter' },
    ],
  },
};

export function movementExport(kind: MovementKind): ExportView {
  return {
    labels: 'movement',
    columns: [
      { source: 'createdAt' },
      ...chainColumns,
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
    ...chainColumns,
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
