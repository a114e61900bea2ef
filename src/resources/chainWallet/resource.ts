import { isSafeWallet, WALLET_KIND_CHOICES, walletKindsFor } from '../../contract/contractKinds';
import { walletWriteRefusal } from '../../contract/walletWriteRule';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Chain wallets (hot, cold, multisig) with their balances, on /aggregate: the one
 * wallet route every role reaches (docs/roles-and-routes.md "Menu jobs"); the
 * server scopes the list to the caller's tenancy. Chain, org, kind and address are
 * fixed once created, and so are a multisig wallet's signers and threshold for the form:
 * they change only through a signer-change proposal its signers approve, which "Change
 * signers" on the wallet's page starts. Editing leaves the label. The whole resource is this file;
 * its server side is server/modules/chainWallet/service.ts (README "A resource with its own service"),
 * whose audit events stay `wallet` and `walletSigner` (the tables' names).
 */
export default declareResource({
  name: 'chain-wallet',
  route: { path: '/aggregate', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/AccountBalanceWallet') },
  menuGroup: 'wallets',
  api: { module: 'chainWallet' },
  chainScoped: true,
  fields: [
    { source: 'chainId', kind: 'reference', reference: 'chain', required: true, inForm: 'create', inList: false, sortable: true },
    {
      source: 'orgId',
      kind: 'reference',
      reference: 'org',
      required: true,
      inForm: 'create',
      inList: false,
      inShow: false,
      sortable: true,
    },
    { source: 'orgName', kind: 'text', inForm: false },
    {
      source: 'kind',
      kind: 'enum',
      choices: WALLET_KIND_CHOICES,
      // Only the kinds of the chosen org's tier (the server refuses the others).
      narrowedBy: { field: 'orgId', choices: (org) => walletKindsFor(typeof org?.tenantType === 'number' ? org.tenantType : undefined) },
      required: true,
      inForm: 'create',
      sortable: true,
      filterable: true,
    },
    {
      source: 'address',
      kind: 'address',
      required: true,
      inForm: 'create',
      filterable: true,
      // A multisig wallet on an EVM chain is the Safe the server deploys: its address is the contract's.
      madeByServer: {
        when: (values, chain) => isSafeWallet(String(values.kind ?? ''), chain?.family),
        note: 'resources.chain-wallet.help.safeAddress',
      },
    },
    { source: 'label', kind: 'text', sortable: true, filterable: 'alwaysOn' },
    { source: 'threshold', kind: 'number', inForm: 'create', help: 'resources.chain-wallet.help.threshold' },
    {
      source: 'signers',
      kind: 'referenceList',
      reference: 'member',
      inForm: 'create',
      inList: false,
      help: 'resources.chain-wallet.help.signers',
    },
    { source: 'balances', kind: 'list', itemText: (b, amount = String) => `${amount(b.amount)} ${String(b.symbol)}` },
    { source: 'createdAt', kind: 'dateTime', inList: false, inForm: false, sortable: true },
  ],
  schema: () =>
    import('../../contract/schemas/chainWallet').then((m) => ({
      create: m.chainWalletBody,
      update: m.chainWalletUpdateBody,
      list: m.chainWalletListQuery,
      record: m.chainWalletRecord,
    })),
  access: { create: ACTIONS['wallet.write'], edit: ACTIONS['wallet.write'], delete: ACTIONS['wallet.write'] },
  // The server's own rule: another org's wallet (or a cold one without coldAdmins) opens read-only.
  recordAccess: (record, actor) => walletWriteRefusal(actor, { orgId: Number(record.orgId), kind: String(record.kind) }) === null,
  recordActions: () => import('./ChangeSignersAction'),
  // What payers sent to the org's order addresses waits above the wallets, with a button to collect it.
  list: { sort: { field: 'kind', order: 'ASC' }, above: () => import('./OrderSweepPanel') },
  recordRepresentation: 'label',
});
