import type { RouteGroup } from '../../access';
import type { RoleMask } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import { MOVEMENT_STATUSES, type MovementKind } from '../../contract/movement';
import { optionalProposalReference } from '../../contract/proposalReference';
import { walletKindKey } from '../../contract/contractKinds';
import { addressBookChoices } from './addressBookChoices';
import type { ChoiceSource, FieldDeclaration, ResourceDeclaration } from '../engine/types';

/*
 * What the five movement declarations share (src/resources/{transfer,withdraw,refund,supply,supplyHistory}/resource.ts),
 * free of React and zod like them: one screen per kind on one API (/sys/movement/…), which
 * server/modules/movement serves for them all and where each kind's rules are checked (docs/ledger.md).
 */

/** Wallets of the form's chain, by label and kind; the server decides which may pay (org, cold rule, kind). */
const walletChoices = (value: 'id' | 'address'): ChoiceSource => ({
  path: ApiPath.chainWallet.list,
  value,
  // Named when the choices are made, so in the language then shown.
  label: (wallet, translate) => `${String(wallet.label)} (${translate(walletKindKey(String(wallet.kind)))})`,
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
export function movementScreen(
  kind: MovementKind,
  route: { path: string; group: RouteGroup },
  icon: ResourceDeclaration['icon'],
  create: RoleMask | null,
): ResourceDeclaration {
  return {
    name: route.path.slice(1),
    route,
    icon,
    menuGroup: 'money',
    api: { module: 'movement' },
    endpoints: ApiPath.movement,
    labels: 'movement',
    scope: { kind },
    chainScoped: true,
    fields: movementFields(kind),
    // One out of a multisig wallet is its proposal, named as everywhere ("Withdrawal Aurora cold · #4 created"), not by the movement's id.
    recordName: (row) => optionalProposalReference(row.walletLabel, row.proposalNonce),
    schema: () =>
      import('../../contract/schemas/movement').then((m) => ({
        create: m.movementBody,
        list: m.movementListQuery,
        record: m.movementRecord,
      })),
    // The form shows the wallet's spendable balance and the fee before saving.
    ...(create === null ? {} : { access: { create }, create: { formPart: () => import('./MovementQuote') } }),
    // What of this kind still waits for signers; the read-only history has no such thing to act on.
    list: { sort: { field: 'id', order: 'DESC' }, ...(create === null ? {} : { above: () => import('./WaitingMovementProposals') }) },
  };
}
