import { TenantType } from '../access/roles';

/**
 * Contract kinds and contract-address fields (docs/api.md "Contract kinds and addresses"), once for console and server.
 */
export const CONTRACT_KINDS = [
  'MultiSigCold',
  'MultiSigColdStd',
  'MultiSigColdLite',
  'MultiSigHot',
  'MultiSigHotStd',
  'MultiSigAgent',
  'MultiSigOperator',
  'AgentFactory',
  'AggregatedHelper',
  'ToolHelper',
  'PayPool',
  'DefiMultiSig',
] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/**
 * What a wallet may be: a plain (single-key) hot or cold wallet, or one of the multisig
 * contracts. Factories, helpers and pools (AgentFactory, AggregatedHelper, ToolHelper,
 * PayPool) are contracts with an address per chain, never a wallet that holds funds.
 */
export const WALLET_KINDS = [
  'Hot',
  'Cold',
  'MultiSigCold',
  'MultiSigColdStd',
  'MultiSigColdLite',
  'MultiSigHot',
  'MultiSigHotStd',
  'MultiSigAgent',
  'MultiSigOperator',
  'DefiMultiSig',
] as const satisfies ReadonlyArray<'Hot' | 'Cold' | ContractKind>;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** Every org may hold plain hot and cold wallets. */
const PLAIN_WALLET_KINDS = ['Hot', 'Cold'] as const satisfies readonly WalletKind[];

/**
 * The wallet kinds an org of each tenant type may hold: the plain ones and the multisig
 * contracts made for its tier (the contract names say whose: …Std, …Lite, …Agent,
 * …Operator; the unsuffixed MultiSigHot / MultiSigCold are the pro tier's). The DeFi pool's
 * multisig is the platform's own. The server refuses any other pairing; the form offers
 * only these.
 */
export const WALLET_KINDS_BY_TENANT: Readonly<Record<TenantType, readonly WalletKind[]>> = {
  [TenantType.operator]: [...PLAIN_WALLET_KINDS, 'MultiSigOperator', 'DefiMultiSig'],
  [TenantType.agent]: [...PLAIN_WALLET_KINDS, 'MultiSigAgent'],
  [TenantType.merchantPro]: [...PLAIN_WALLET_KINDS, 'MultiSigHot', 'MultiSigCold'],
  [TenantType.merchantLite]: [...PLAIN_WALLET_KINDS, 'MultiSigColdLite'],
  [TenantType.merchantStd]: [...PLAIN_WALLET_KINDS, 'MultiSigHotStd', 'MultiSigColdStd'],
};

/** The wallet kinds of an org of this tenant type; with no org known yet, the ones every org may hold. */
export const walletKindsFor = (tenantType: number | undefined): readonly WalletKind[] =>
  tenantType === undefined ? PLAIN_WALLET_KINDS : (WALLET_KINDS_BY_TENANT[tenantType as TenantType] ?? []);

/** A multisig wallet is a wallet whose kind starts with MultiSig (docs/proposals.md); DefiMultiSig is one too. */
export const isMultiSigKind = (kind: string) => kind.startsWith('MultiSig') || kind === 'DefiMultiSig';
/** Cold wallets: movements out of them need coldAdmins to start (issue 6). */
/**
 * A multisig wallet on an EVM chain is a Safe contract (docs/chains.md "Multisig wallets are Safes"):
 * the server deploys it and its address is the contract's, so nobody types one.
 */
export const isSafeWallet = (kind: string, family: string | undefined) => family === 'evm' && isMultiSigKind(kind);
export const isColdKind = (kind: string) => kind === 'Cold' || kind.startsWith('MultiSigCold');

/** The 14 contract addresses per chain and the server field of each. */
export const CONTRACT_ADDRESS_FIELDS = {
  AgentFactory: 'agentFactoryAddr',
  AggregatedHelper: 'aggregatedHelperAddr',
  Hot: 'hotAddr',
  Cold: 'coldAddr',
  MultiSigAgent: 'mulAgentAddr',
  MultiSigHot: 'mulHotAddr',
  MultiSigHotStd: 'mulHotStdAddr',
  MultiSigCold: 'mulColdAddr',
  MultiSigColdStd: 'mulColdStdAddr',
  MultiSigColdLite: 'mulColdLiteAddr',
  MultiSigOperator: 'mulOperatorAddr',
  ToolHelper: 'toolHelperAddr',
  DefiMultiSig: 'defiMulAddr',
  DefiPoolLogic: 'defiPoolLogicAddr',
} as const;
export type ContractAddressField = (typeof CONTRACT_ADDRESS_FIELDS)[keyof typeof CONTRACT_ADDRESS_FIELDS];

/**
 * What a proposal may do: the four money movements, each with the rules of its movement
 * kind, and `governance` (a change of the wallet's signers and threshold; no funds move).
 * Nothing else: a kind is a rule set, never a label.
 */
export const PROPOSAL_KINDS = ['transfer', 'withdraw', 'refund', 'supply', 'governance'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
/** `superseded`: the wallet's governance changed while it was open; it must be started again. */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'executed', 'denied', 'expired', 'superseded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const SIGN_ACTIONS = ['start', 'approval', 'confirm', 'deny', 'expire', 'supersede'] as const;
/** Where one signer stands on a proposal (the detail's timeline). */
export const SIGNER_STATES = ['approved', 'denied', 'waiting'] as const;

/** The translation key naming a wallet kind for people ("Multisig cold (Safe)"), never the wire value. */
export const walletKindKey = (kind: string) => `walletKind.${kind}`;

/** Wallet kinds as enum choices: the wire value as id, the translated name shown. */
export const WALLET_KIND_CHOICES = WALLET_KINDS.map((kind) => ({ id: kind, name: walletKindKey(kind) }));
