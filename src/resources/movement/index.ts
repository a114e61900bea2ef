import SendIcon from '@mui/icons-material/Send';
import OutboundIcon from '@mui/icons-material/Outbound';
import UndoIcon from '@mui/icons-material/Undo';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import HistoryIcon from '@mui/icons-material/History';
import type { ComponentType } from 'react';
import { ACTIONS, type RoutePath } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import { MOVEMENT_STATUSES, movementCreate, type MovementKind } from '../../contract/movement';
import { optionalProposalReference } from '../../contract/proposalReference';
import { walletKindKey } from '../../contract/contractKinds';
import { t } from '../../i18n';
import { defineResource } from '../engine';
import { addressBookChoices } from './addressBookChoices';
import type { ChoiceSource, FieldDeclaration } from '../engine/types';

/** Wallets of the form's chain, by label and kind; the server decides which may pay (org, cold rule, kind). */
const walletChoices = (value: 'id' | 'address'): ChoiceSource => ({
  path: ApiPath.chainWallet.list,
  value,
  // Named when the list renders, so in the language then shown.
  label: (wallet) => `${String(wallet.label)} (${t(walletKindKey(String(wallet.kind)))})`,
  dependsOn: { chainId: 'chainId' },
  query: { sort: 'label', order: 'asc' },
});

const symbolChoices: ChoiceSource = {
  path: ApiPath.currency.list,
  value: 'symbol',
  label: 'symbol',
  dependsOn: { chainId: 'chainId' },
  query: { sort: 'symbol', order: 'asc' },
};

/** The fields of one kind's screens: what the form asks for, then what the list and show add. */
function movementFields(kind: MovementKind): FieldDeclaration[] {
  const to: FieldDeclaration =
    kind === 'supply'
      ? { source: 'to', kind: 'enum', choices: walletChoices('address'), required: true, help: 'resources.movement.help.supplyTo' }
      : {
          source: 'to',
          kind: 'address',
          required: kind !== 'refund',
          help: kind === 'refund' ? 'resources.movement.help.refundTo' : undefined,
          suggest: addressBookChoices,
        };
  return [
    { source: 'createdAt', kind: 'dateTime', sortable: true, inForm: false },
    { source: 'chainId', kind: 'reference', reference: 'chain', inForm: false, inList: false },
    { source: 'walletId', kind: 'enum', choices: walletChoices('id'), required: true, inList: false, inShow: false },
    { source: 'walletLabel', kind: 'text', inForm: false },
    ...(kind === 'refund' ? [{ source: 'orderNo', kind: 'text', required: true } as const] : []),
    to,
    { source: 'symbol', kind: 'enum', choices: symbolChoices, required: true },
    { source: 'amount', kind: 'amount', decimals: { symbol: 'symbol', chain: 'chainId' }, required: true, sortable: true },
    ...(kind === 'withdraw' ? [{ source: 'fee', kind: 'amount', inForm: false, help: 'resources.movement.help.fee' } as const] : []),
    { source: 'memo', kind: 'text', inList: false },
    {
      source: 'status',
      kind: 'enum',
      choices: MOVEMENT_STATUSES.map((status) => ({ id: status, name: `resources.movement.statuses.${status}` })),
      inForm: false,
      sortable: true,
      filterable: 'alwaysOn',
    },
    {
      source: 'proposalId',
      kind: 'number',
      link: '/multisig',
      linkLabel: (row) => optionalProposalReference(row.walletLabel, row.proposalNonce),
      inForm: false,
    },
    { source: 'txHash', kind: 'address', inForm: false, inList: false },
    { source: 'orgName', kind: 'text', inForm: false },
    // Who asked is a detail of the record's page; the table keeps what tells rows apart.
    { source: 'createdBy', kind: 'text', inForm: false, inList: false },
    // Search only: an address it went to, its transaction hash or its order number.
    { source: 'q', kind: 'text', inForm: false, inList: false, inShow: false, filterable: 'alwaysOn' },
  ];
}

/**
 * One screen of money movements (docs/ledger.md): a list of one kind on the app bar's chain and,
 * where `create` names who may, its form. Out of a multisig wallet the server starts a
 * proposal (the row links it); out of any other it executes at once.
 */
function movementScreen(kind: MovementKind, route: RoutePath, icon: ComponentType, create: bigint | null) {
  return defineResource({
    name: route.slice(1),
    route,
    icon,
    menuGroup: 'money',
    endpoints: ApiPath.movement,
    labels: 'movement',
    scope: { kind },
    chainScoped: true,
    fields: movementFields(kind),
    // One out of a multisig wallet is its proposal, named as everywhere ("Withdrawal Aurora cold · #4 created"), not by the movement's id.
    recordName: (row) => optionalProposalReference(row.walletLabel, row.proposalNonce),
    schema: () => import('../../contract/schemas/movement').then((m) => ({ create: m.movementBody })),
    // The form shows the wallet's spendable balance and the fee before saving.
    ...(create === null ? {} : { access: { create }, create: { formPart: () => import('./MovementQuote') } }),
    // What of this kind still waits for signers; the read-only history has no such thing to act on.
    list: { sort: { field: 'id', order: 'DESC' }, ...(create === null ? {} : { above: () => import('./WaitingMovementProposals') }) },
  });
}

export const transfer = movementScreen('transfer', '/transfer', SendIcon, ACTIONS[movementCreate('transfer')]);
export const withdraw = movementScreen('withdraw', '/withdraw', OutboundIcon, ACTIONS[movementCreate('withdraw')]);
export const refund = movementScreen('refund', '/refund', UndoIcon, ACTIONS[movementCreate('refund')]);
export const supply = movementScreen('supply', '/supply', MoveDownIcon, ACTIONS[movementCreate('supply')]);
/** Read-only: every supply of the orgs in scope, whatever its status. */
export const supplyHistory = movementScreen('supply', '/supply-history', HistoryIcon, null);
