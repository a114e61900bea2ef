/**
 * Contract kinds and contract-address fields of SPEC A3, once for console and server.
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

/** Plain (single-key) hot and cold wallets sit beside the contract kinds. */
export const WALLET_KINDS = ['Hot', 'Cold', ...CONTRACT_KINDS] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** A multisig wallet is a wallet whose kind starts with MultiSig (SPEC B5); DefiMultiSig is one too. */
export const isMultiSigKind = (kind: string) => kind.startsWith('MultiSig') || kind === 'DefiMultiSig';
/** Cold wallets: movements out of them need coldAdmins to start (issue 6). */
export const isColdKind = (kind: string) => kind === 'Cold' || kind.startsWith('MultiSigCold');

/** The 14 contract addresses per chain and the server field of each (SPEC A3). */
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
export type SignAction = (typeof SIGN_ACTIONS)[number];
/** Where one signer stands on a proposal (the detail's timeline). */
export const SIGNER_STATES = ['approved', 'denied', 'waiting'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];
