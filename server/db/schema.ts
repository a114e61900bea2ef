import type { ColumnType, Generated } from 'kysely';
import type { PolicyRule, ProposalPolicy } from '../../src/contract/policy';
import type { MovementKind } from '../../src/contract/movement';
import type { AuditAction } from '../../src/contract/audit';

/**
 * Row types of every table, in camelCase (Kysely's CamelCasePlugin maps them to
 * snake_case columns). Amounts are numeric in SQL and decimal strings here (docs/ledger.md).
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns: strings in and out, never JS numbers. */
export type Decimal = ColumnType<string, string, string>;

export interface OrgTable {
  id: Generated<number>;
  name: string;
  /** Tenant type (docs/roles-and-routes.md): 0 operator, 1 agent, 3 merchantPro, 4 merchantLite, 5 merchantStd. */
  tenantType: number;
  parentId: number | null;
  /** Members must enrol in two-factor authentication before anything else (migration 021). */
  requireTwoFactor: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface AppUserTable {
  id: Generated<number>;
  account: string;
  userName: string;
  passwordHash: string;
  disabled: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface MembershipTable {
  userId: number;
  orgId: number;
  /** Column of the role matrix: 0 manager, 1 finance/employee, 2 employee (docs/roles-and-routes.md). */
  roleLevel: number;
  createdAt: CreatedAt;
}

export interface SessionTable {
  /** Surrogate key the account screen names a session by (the token hash never leaves the server). */
  id: Generated<number>;
  /** sha256 of the opaque token: a leaked table does not leak usable tokens. */
  tokenHash: string;
  userId: number;
  createdAt: CreatedAt;
  expiresAt: Date;
  revokedAt: Date | null;
  userAgent: string | null;
  /** When this session's caller last proved the second factor (step-up, migration 021). */
  stepUpAt: Generated<Date | null>;
}

/** A user's TOTP secret; `enrolledAt` null while the first code has not confirmed it. */
export interface TwoFactorTable {
  userId: number;
  /** base32, readable by the server: a TOTP check needs the secret itself, not a hash. */
  secret: string;
  enrolledAt: Date | null;
  /** The newest accepted time step (30 s): no code of this step or an older one is taken again. */
  lastStep: number | null;
  createdAt: CreatedAt;
}

/** A single-use recovery code, as its sha256. */
export interface TwoFactorRecoveryCodeTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Date | null;
}

export interface BrandConfigTable {
  id: Generated<number>;
  brandName: string;
  favicon: string;
  logo: string;
  logoDarkMode: string;
  updatedAt: UpdatedAt;
}

export interface ChainTable {
  id: Generated<number>;
  chainId: number;
  name: string;
  family: 'evm' | 'tron';
  symbol: string;
  rpcUrl: string;
  explorerUrl: string;
  confirmations: number;
  isDefault: boolean;
  enabled: boolean;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface LegalTenderTable {
  code: string;
  name: string;
}

export interface CurrencyTable {
  id: Generated<number>;
  symbol: string;
  name: string;
  chainId: number;
  contractAddress: string | null;
  decimals: number;
  legalTender: string;
  minDeposit: Decimal;
  minWithdraw: Decimal;
  withdrawFee: Decimal;
  enabled: boolean;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ChainWalletTable {
  id: Generated<number>;
  chainId: number;
  orgId: number;
  kind: string;
  address: string;
  label: string;
  threshold: number | null;
  /** A Safe's creation: first owners, threshold and salt (server/db/migrations/026_wallet_safe_setup.ts). */
  safeSetup: Generated<SafeSetup | null>;
  /** A Safe's owners and threshold now, as governance left them: what approvals are checked against (migration 034). */
  safeOwners: Generated<SafeOwners | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A Safe execution's receipt as stored: numbers as decimal strings (jsonb holds no bigint). */
export interface ChainExecution {
  blockNumber: string;
  gasUsed: string;
  /** Gas used × price, in the native coin's smallest unit. */
  fee: string;
  /** The relayer account that sent `execTransaction`. */
  from: string;
  /** The Safe. */
  to: string;
  /** 'devnet': the embedded chain no public explorer sees; 'rpc': a real network. */
  network: 'devnet' | 'rpc';
}

/** A Safe transaction as stored: the fields that vary, big numbers as decimal text. */
export interface StoredSafeTransaction {
  /** The chain id signatures are bound to (EIP-712 domain): the devnet's own, or the network's. */
  chainId: number;
  safe: string;
  to: string;
  value: string;
  data: string;
  operation: 0 | 1;
  nonce: string;
}

/** A Safe's owners (as `getOwners()` lists them) and threshold, as the books mirror them. */
export interface SafeOwners {
  owners: string[];
  threshold: number;
}

/** What fixes a Safe's address: `safeAddressOf(owners, threshold, saltNonce)` (server/chain/evm/safe.ts). */
export interface SafeSetup {
  owners: string[];
  threshold: number;
  /** A uint256 as decimal text. */
  saltNonce: string;
}

export interface WalletSignerTable {
  walletId: number;
  userId: number;
  position: number;
}

export interface WalletBalanceTable {
  walletId: number;
  currencyId: number;
  amount: Decimal;
  updatedAt: UpdatedAt;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  walletId: number;
  currencyId: number;
  delta: Decimal;
  /** Filled by the database from the wallet's balance (migration 016): never written by code. */
  balanceAfter: ColumnType<string, never, never>;
  /** LEDGER_REASONS of src/contract/ledger.ts. */
  reason: string;
  proposalId: number | null;
  /** A direct movement's entries (a proposal's name the proposal). */
  movementId: ColumnType<number | null, number | null | undefined, never>;
  /** A paid order's credit. */
  orderId: ColumnType<number | null, number | null | undefined, never>;
  /** Which credit of its order a `payment` (or its `reorg` reversal) is: 1, then one more after each reversal (migration 035). */
  orderRound: ColumnType<number, number | undefined, never>;
  /** An `internal transfer` credit's record, and its `reorg` reversal's (migration 037). */
  internalCreditId: ColumnType<number | null, number | null | undefined, never>;
  txHash: string | null;
  createdAt: CreatedAt;
}

/** One row per chain; the 14 address columns (docs/api.md "Contract kinds and addresses"), named as the server fields. */
export interface ContractAddressTable {
  chainId: number;
  agentFactoryAddr: string | null;
  aggregatedHelperAddr: string | null;
  hotAddr: string | null;
  coldAddr: string | null;
  mulAgentAddr: string | null;
  mulHotAddr: string | null;
  mulHotStdAddr: string | null;
  mulColdAddr: string | null;
  mulColdStdAddr: string | null;
  mulColdLiteAddr: string | null;
  mulOperatorAddr: string | null;
  toolHelperAddr: string | null;
  defiMulAddr: string | null;
  defiPoolLogicAddr: string | null;
  updatedAt: UpdatedAt;
}

export interface ProposalTable {
  id: Generated<number>;
  walletId: number;
  chainId: number;
  orgId: number;
  kind: string;
  toAddress: string;
  amount: Decimal;
  symbol: string;
  currencyId: number | null;
  memo: string;
  nonce: number;
  status: string;
  threshold: number;
  proposerId: number;
  txHash: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  expiresAt: Date;
  executedAt: Date | null;
  /** Debited with the amount at execution (a withdraw's fee, fixed at start). */
  fee: ColumnType<string, string | undefined, string>;
  /** A refund's order. */
  orderId: Generated<number | null>;
  /** A governance proposal's new threshold and signers. */
  newThreshold: Generated<number | null>;
  newSigners: Generated<number[] | null>;
  supersededBy: Generated<number | null>;
  /** The policy rule that decided it (src/contract/policy.ts), as it read then; null: none matched. */
  policy: Generated<ProposalPolicy | null>;
  /** On a Safe: the Safe transaction its signers sign (server/db/migrations/027_proposal_safe_tx.ts). */
  safeTx: Generated<StoredSafeTransaction | null>;
  /** On a Safe, once executed: the chain's receipt (server/db/migrations/028_proposal_chain_execution.ts). */
  chainExecution: Generated<ChainExecution | null>;
}

/** The signer set a proposal froze when it started. */
export interface ProposalSignerTable {
  proposalId: number;
  userId: number;
  position: number;
}

export interface ProposalVoteTable {
  proposalId: number;
  signerId: number;
  vote: 'approve' | 'deny';
  comment: string;
  /** An approval of a proposal on a Safe: the signer's EIP-712 signature of its Safe transaction. */
  signature: Generated<string | null>;
  /** The same transaction signed at Safe nonces below its own, by nonce (server/db/migrations/029_vote_lower_signatures.ts). */
  lowerSignatures: Generated<Record<string, string> | null>;
  /** The key its signature was checked against (server/db/migrations/031_vote_signer_address.ts). */
  signerAddress: Generated<string | null>;
  createdAt: CreatedAt;
}

export interface SignLogTable {
  id: Generated<number>;
  proposalId: number;
  action: string;
  actorId: number | null;
  comment: string;
  createdAt: CreatedAt;
}

export interface InvitationTable {
  id: Generated<number>;
  code: string;
  issuerOrgId: number;
  /** merchant: creates a merchant org; member: joins `targetOrgId` with `roleLevel`. */
  kind: Generated<string>;
  /** The merchant tier the code creates: 3 pro, 4 lite, 5 standard (merchant codes). */
  tenantType: number | null;
  orgName: string | null;
  targetOrgId: number | null;
  roleLevel: number | null;
  createdBy: number;
  createdAt: CreatedAt;
  expiresAt: Date;
  revokedAt: Date | null;
  usedAt: Date | null;
  usedBy: number | null;
  /** The merchant org created when the code was used. */
  orgId: number | null;
  /** The account the code is for (compared as accountKey); null only on codes issued before migration 013. */
  invitee: string | null;
}

export interface PayLinkTable {
  id: Generated<number>;
  orgId: number;
  code: string;
  title: string;
  currencyId: number;
  /** Null: the payer chooses the amount. */
  amount: Decimal | null;
  enabled: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface PaymentOrderTable {
  id: Generated<number>;
  orderNo: string;
  orgId: number;
  /** payment (checkout), linkpay (through a pay link), recharge (a top-up of the merchant's balance). */
  kind: string;
  payLinkId: number | null;
  chainId: number;
  currencyId: number;
  amount: Decimal;
  fee: Decimal;
  /** pending, paid, expired, failed. */
  status: string;
  payerAddress: string | null;
  depositAddress: string;
  txHash: string | null;
  createdAt: CreatedAt;
  paidAt: Date | null;
  /** Orders of the merchant API (migration 040): when it expires, the merchant's reference, the key, the checkout page's code. */
  expiresAt: Date | null;
  merchantReference: string | null;
  apiKeyId: number | null;
  checkoutCode: string | null;
  /** Where the order was created (`https://host`, migration 044): its webhook events' checkout URL. */
  checkoutOrigin: string | null;
  /** When its `order.expired` was written, or found not due (migration 045, server/modules/deposit/orderExpiry.ts): null until then. */
  expiryAnnouncedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Per org and chain family, the extended public key its order addresses come from (migration 040). */
export interface DepositKeyTable {
  orgId: number;
  family: string;
  xpub: string;
  createdAt: CreatedAt;
}

/** An Idempotency-Key of the merchant API and the order it made (migration 040). */
export interface OrderRequestTable {
  orgId: number;
  idempotencyKey: string;
  fingerprint: string;
  orderId: number;
  createdAt: CreatedAt;
}

/** The refund of an overpaid order's excess (migration 042): one per order, executed when its movement is. */
export interface OrderRefundTable {
  id: Generated<number>;
  orderId: number;
  orgId: number;
  movementId: number;
  amount: Decimal;
  toAddress: string;
  createdBy: number;
  createdAt: CreatedAt;
}

/**
 * Orders counted and summed per UTC day or month (migration 017): written by the database's
 * triggers on payment_order only, read by the reports.
 */
export interface OrderVolumeTable {
  kind: string;
  grain: 'day' | 'month';
  bucket: ColumnType<string, never, never>;
  orgId: number;
  chainId: number;
  currencyId: number;
  status: string;
  orders: number;
  amount: string;
  fee: string;
}

/** Paid orders per UTC day of payment (migration 017), for /home; written by the same triggers. */
export interface PaidVolumeTable {
  day: ColumnType<string, never, never>;
  orgId: number;
  chainId: number;
  currencyId: number;
  orders: number;
  amount: string;
}

export interface GasFeeTable {
  id: Generated<number>;
  orgId: number;
  chainId: number;
  walletId: number;
  currencyId: number;
  /** GAS_REASONS of src/contract/report.ts. */
  reason: string;
  fee: Decimal;
  txHash: string;
  /** The execution that spent it (none on seeded sweeps). */
  movementId: ColumnType<number | null, number | null | undefined, never>;
  proposalId: ColumnType<number | null, number | null | undefined, never>;
  createdAt: CreatedAt;
}

export interface OrderRepairTable {
  id: Generated<number>;
  orderId: number;
  /**
   * recredit: an expired or failed order marked paid by hand, with the transaction that paid it;
   * recheck: the chain's transfers read again (newStatus paid and txHash when one paid it).
   */
  action: string;
  actorId: number;
  /** Why, for a re-credit; none for a re-check. */
  reason: string | null;
  txHash: string | null;
  previousStatus: string;
  newStatus: string;
  createdAt: CreatedAt;
}

export interface MovementTable {
  id: Generated<number>;
  orgId: number;
  chainId: number;
  walletId: number;
  kind: MovementKind;
  toAddress: string;
  currencyId: number;
  symbol: string;
  amount: Decimal;
  fee: ColumnType<string, string | undefined, string>;
  memo: string;
  /** The paid order a refund returns money of. */
  orderId: number | null;
  /** Out of a multisig wallet: the proposal that moves the money (its status is the movement's). */
  proposalId: number | null;
  /** executed (direct) or proposed. */
  status: string;
  txHash: string | null;
  createdBy: number;
  createdAt: CreatedAt;
}

/** An incoming transfer the deposit watcher read from a chain (or the seed's simulated history); what a re-check reads. */
export interface ChainTransferTable {
  id: Generated<number>;
  chainId: number;
  currencyId: number;
  toAddress: string;
  fromAddress: string;
  amount: Decimal;
  txHash: string;
  /** The log's index in its block; -1 for a native transfer (migration 030). */
  logIndex: Generated<number>;
  /** Null for the seed's simulated history; read from a chain, the transfer is in the books. */
  blockNumber: Generated<number | null>;
  blockTime: Date;
  /** Its block left the chain in a reorg (migration 035): no longer delivered, its credit reversed. */
  vanishedAt: Generated<Date | null>;
  createdAt: CreatedAt;
}

/** How far the deposit watcher has read a chain (migration 030). */
export interface ChainWatchTable {
  chainId: number;
  nextBlock: number;
  updatedAt: UpdatedAt;
}

/** The hash of a block the deposit watcher read (migration 035): the newest few per chain. */
export interface ChainBlockTable {
  chainId: number;
  blockNumber: number;
  blockHash: string;
}

/** A reorg the deposit watcher undid (migration 035; audited as `chainReorg`). */
/** What an intent sends (migration 036): a wallet's transfer, or a Safe's execution by the relayer. */
export type IntentRequest =
  | { kind: 'transfer'; from: string; to: string; token: string | null; amount: string }
  | {
      kind: 'safe';
      safe: string;
      safeTx: StoredSafeTransaction;
      signatures: Array<{ signer: string; signature: string }>;
      network: 'devnet' | 'rpc';
    };

/** A mined or reverted intent's receipt facts, or why the node refused it. */
export interface IntentOutcome {
  blockNumber?: string;
  gasUsed?: string;
  fee?: string;
  from?: string;
  /** Refused: the answer that says why nothing was sent. */
  refusal?: { key: string; params?: Record<string, string> };
}

/** One chain transaction of an outflow (migration 036; docs/chains.md "The intent log"). */
export interface ChainIntentTable {
  id: Generated<number>;
  chainId: number;
  orgId: number;
  walletId: number;
  movementId: number | null;
  proposalId: number | null;
  /** 1: the amount (or the Safe's execution); 2: a withdrawal's fee. */
  step: number;
  request: ColumnType<IntentRequest, string, string>;
  /** Who asked for it: the movement's author, the proposal's confirmer. */
  requestedBy: number;
  /** The confirm's comment, for the sign log written when it is booked. */
  comment: ColumnType<string, string | undefined, string>;
  /** Kept out of what the wallet may spend until settled; null: nothing held (a signer change). */
  holdCurrencyId: number | null;
  holdAmount: ColumnType<string, string | undefined, string>;
  state: ColumnType<IntentState, IntentState | undefined, IntentState>;
  sender: string | null;
  nonce: number | null;
  replay: ColumnType<unknown, string | null | undefined, string | null>;
  fromBlock: number | null;
  txHash: string | null;
  outcome: ColumnType<IntentOutcome | null, string | null | undefined, string | null>;
  leaseToken: string | null;
  leaseUntil: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  settledAt: Date | null;
}

export type IntentState = 'recorded' | 'signed' | 'mined' | 'reverted' | 'refused' | 'skipped';

export interface ChainReorgTable {
  id: Generated<number>;
  chainId: number;
  /** The last block both branches share. */
  forkBlock: number;
  /** The last block read before, and its hash, which the chain no longer has. */
  lastBlock: number;
  lastHash: string;
  /** Transactions whose credits were reversed, and those left booked (already spent). */
  reversed: number;
  unreversed: number;
  /** No kept hash matched the chain: the fork is at or below the oldest kept block. */
  beyondKept: boolean;
  createdAt: CreatedAt;
}

/** Native coin the deposit watcher found in a wallet beyond what its blocks' transactions explain (migration 037; audited as `chainInternalCredit`). */
export interface ChainInternalCreditTable {
  id: Generated<number>;
  chainId: number;
  walletId: number;
  currencyId: number;
  /** The blocks reconciled, both included. */
  fromBlock: number;
  toBlock: number;
  /** Decimal string, above zero. */
  amount: Decimal;
  createdAt: CreatedAt;
  /** A reorg took its blocks off the chain: reversed by a `reorg` entry. */
  vanishedAt: Date | null;
}

/** An audit event (migration 015): written by the database's triggers; id, chain and hash are its own. */
export interface AuditEventTable {
  id: ColumnType<number, never, never>;
  createdAt: CreatedAt;
  actorId: number | null;
  actorAccount: string | null;
  orgId: number | null;
  /** Written only from the contract's list of actions. */
  action: AuditAction;
  entity: string;
  entityId: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  route: string | null;
  /** The chain's position, null until sealed (migration 038). */
  seq: ColumnType<number | null, never, never>;
  /** Null until sealed: then the hash of the row sealed before it. */
  prevHash: ColumnType<string | null, never, never>;
  hash: ColumnType<string, never, never>;
}

/** Rate-limit counters every instance shares (migration 019). */
export interface RateLimitCounterTable {
  key: string;
  hits: number;
  windowEnds: Date;
}

/** Uploaded images, served at /uploads/<name> by every instance (migration 019). */
export interface UploadTable {
  name: string;
  mediaType: string;
  bytes: Buffer;
  createdAt: Generated<Date>;
}

/** A named destination of an org (docs/DECISIONS.md "Transaction policy"), counted from `activeFrom`. */
export interface AddressBookEntryTable {
  id: Generated<number>;
  orgId: number;
  chainId: number;
  address: string;
  label: string;
  memo: Generated<string>;
  activeFrom: Date;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** One version of an org's policy, in force from `activeFrom` until a newer one is. */
export interface PolicyVersionTable {
  id: Generated<number>;
  orgId: number;
  rules: ColumnType<PolicyRule[], string, string>;
  delayHours: number;
  activeFrom: Date;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** When a session was last used, stamped at most once a minute (server/http/sessionUse.ts). */
export interface SessionUseTable {
  sessionId: number;
  lastUsedAt: Date;
}

/** A merchant org's API key (server/db/migrations/039_api_key.ts): its SHA-256 only, never the key. */
export interface ApiKeyTable {
  id: Generated<number>;
  orgId: number;
  name: string;
  /** The key's first characters, shown in lists (`ck_3fA9xQ`). */
  prefix: string;
  /** SHA-256 hex of the whole key. */
  secretHash: string;
  scopes: string[];
  createdBy: number;
  createdAt: CreatedAt;
  revokedAt: Date | null;
  revokedBy: number | null;
  lastUsedAt: Date | null;
}

/** A merchant org's webhook endpoint (server/db/migrations/044_webhook.ts, docs/webhooks.md). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  orgId: number;
  url: string;
  events: string[];
  enabled: boolean;
  description: string;
  /** `whsec_…`: it signs, so it is kept as it is; never answered but at creation and rotation. */
  secret: string;
  /** The secret before the last rotation, still signing beside the new one until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  createdBy: number;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  /** The first failed attempt since the last 2xx; null while the last one delivered (migration 046). */
  failingSince: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Turned off by the delivery loop after days of failing: when and why; null otherwise (migration 046). */
  disabledAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabledReason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The outbox: one event, written in the transaction of the change it reports. */
export interface WebhookEventTable {
  id: Generated<number>;
  orgId: number;
  type: string;
  /** What the event is about (`order:<id>`, …; migration 045): one subject's deliveries to an endpoint go out in order. Null: none. */
  subject: string | null;
  payload: unknown;
  createdAt: Date;
}

/** One event to one endpoint: its attempts, state and last answer. */
export interface WebhookDeliveryTable {
  /** Its event's subject (migration 045), for the claim's rule: an endpoint's earlier pending delivery of it goes first. */
  subject: string | null;
  id: Generated<number>;
  eventId: number;
  endpointId: number;
  /** The `webhook-id` of every attempt. */
  msgId: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  /** When it is due; while an attempt is under way, the end of its lease. */
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

export interface Database {
  org: OrgTable;
  appUser: AppUserTable;
  membership: MembershipTable;
  session: SessionTable;
  twoFactor: TwoFactorTable;
  twoFactorRecoveryCode: TwoFactorRecoveryCodeTable;
  brandConfig: BrandConfigTable;
  chain: ChainTable;
  legalTender: LegalTenderTable;
  currency: CurrencyTable;
  chainWallet: ChainWalletTable;
  walletSigner: WalletSignerTable;
  walletBalance: WalletBalanceTable;
  ledgerEntry: LedgerEntryTable;
  contractAddress: ContractAddressTable;
  proposal: ProposalTable;
  proposalVote: ProposalVoteTable;
  proposalSigner: ProposalSignerTable;
  signLog: SignLogTable;
  invitation: InvitationTable;
  payLink: PayLinkTable;
  paymentOrder: PaymentOrderTable;
  depositKey: DepositKeyTable;
  orderRequest: OrderRequestTable;
  orderRefund: OrderRefundTable;
  gasFee: GasFeeTable;
  orderVolume: OrderVolumeTable;
  paidVolume: PaidVolumeTable;
  orderRepair: OrderRepairTable;
  movement: MovementTable;
  chainTransfer: ChainTransferTable;
  chainWatch: ChainWatchTable;
  chainBlock: ChainBlockTable;
  chainReorg: ChainReorgTable;
  chainIntent: ChainIntentTable;
  chainInternalCredit: ChainInternalCreditTable;
  auditEvent: AuditEventTable;
  rateLimitCounter: RateLimitCounterTable;
  upload: UploadTable;
  addressBookEntry: AddressBookEntryTable;
  policyVersion: PolicyVersionTable;
  sessionUse: SessionUseTable;
  signingKey: SigningKeyTable;
  idempotencyKey: IdempotencyKeyTable;
  apiKey: ApiKeyTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookEvent: WebhookEventTable;
  webhookDelivery: WebhookDeliveryTable;
  notification: NotificationTable;
}

/** A notice for one user in the console's app bar (server/db/migrations/047_notification.ts). */
export interface NotificationTable {
  id: Generated<number>;
  userId: number;
  orgId: number;
  kind: string;
  /** Which thing it is about (`proposal:42`): its notices go together when it is decided. */
  subject: string;
  data: unknown;
  createdAt: Date;
  /** When it stops being true by the clock alone; null: until removed. */
  expiresAt: Date | null;
  readAt: Date | null;
}

/** A caller's `Idempotency-Key` and the answer it got (server/db/migrations/033_idempotency_key.ts). */
export interface IdempotencyKeyTable {
  userId: number;
  key: string;
  route: string;
  fingerprint: string;
  requestId: string;
  createdAt: Date;
  answerStatus: number | null;
  /** The envelope as sent (JSON text). */
  answer: string | null;
}

/** A signer's EVM key, by address (server/db/migrations/025_signing_key.ts). */
export interface SigningKeyTable {
  userId: number;
  address: string;
  registeredAt: Date;
}
