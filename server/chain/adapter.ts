import type { Address, Hex } from 'viem';
import type { SafeTransaction } from './evm/safe';

/**
 * What the platform asks of a chain, one interface per family (docs/chains.md "The adapter"):
 * balances, transfers to watched addresses, a transaction's fate, and for EVM chains the Safe
 * multisig contract. The modules ask the registry (server/chain/registry.ts) for a chain's adapter
 * and never talk to a node themselves.
 */

/**
 * devnet: the embedded EVM chain started with the server; rpc: the chain row's RPC URL (a real
 * network); simulated: no chain at all, the database's books only (TRON until it has a devnet),
 * and every screen says so.
 */
export type ChainMode = 'devnet' | 'rpc' | 'simulated';

/** A transfer into a watched address: an ERC-20 `Transfer` log, or a transaction carrying the native coin. */
export interface IncomingTransfer {
  txHash: Hex;
  /** The log's index in its block; -1 for a native transfer (one per transaction). */
  logIndex: number;
  blockNumber: bigint;
  /** The block's timestamp, in seconds. */
  timestamp: bigint;
  from: Address;
  to: Address;
  /** The token contract; null for the native coin. */
  token: Address | null;
  /** In the token's smallest unit. */
  amount: bigint;
}

/**
 * What the blocks' own transactions did to one address's native coin (the internal-transfer
 * reconciliation, docs/ledger.md "Internal transfers"): value received from transactions sent to it
 * that succeeded; value sent by its own that succeeded, plus the fees of all its own.
 */
export interface NativeFlow {
  received: bigint;
  spent: bigint;
  /** Its transactions, either way (lowercase hashes). */
  hashes: Set<string>;
}

export interface NativeFlows {
  /** Per watched address (checksummed); one with no transaction is absent. */
  byAddress: Map<Address, NativeFlow>;
  /** Every transaction sent to any watched address (lowercase hashes): a Safe's executions among them. */
  toWatched: Set<string>;
}

export interface TransactionFate {
  status: 'success' | 'reverted' | 'pending' | 'unknown';
  blockNumber: bigint | null;
  gasUsed: bigint | null;
  /** Gas used × effective price, in the native coin's smallest unit. */
  fee: bigint | null;
}

/** A transaction after the platform tried it: a Safe's (sent by the relayer), or a wallet's own. */
export type Execution =
  | { outcome: 'executed'; txHash: Hex; blockNumber: bigint; gasUsed: bigint; fee: bigint; from: Address }
  /** The Safe refused it before anything was sent (estimation failed): no gas spent. `reason` is the Safe's code (GS020…). */
  | { outcome: 'refused'; reason: string }
  /** Mined and failed: gas spent, nothing moved. */
  | { outcome: 'reverted'; txHash: Hex; blockNumber: bigint; gasUsed: bigint; fee: bigint; from: Address };

/**
 * A transaction made final before any node sees it, as the intent log keeps it (docs/chains.md "The
 * intent log"): who sends, at which nonce, what sends the same one again (opaque outside the
 * adapter), its hash when known before sending, and the head it was fixed at.
 */
export interface FixedSend {
  sender: string;
  nonce: number;
  replay: unknown;
  hash: string | null;
  fromBlock: bigint;
}

/** Where a send records itself as it goes: `fixed` before the node sees it (a throw there sends nothing), `handedOver` once it did. */
export interface SendJournal {
  fixed(tx: FixedSend): Promise<void>;
  handedOver(hash: string): Promise<void>;
}

export interface SafeState {
  /** As `getOwners()` answers: the linked list's order. */
  owners: Address[];
  threshold: number;
  nonce: bigint;
}

export interface MultisigChain {
  /**
   * Deploys a Safe of these owners; its address is fixed by them, the threshold and the salt. Asked
   * again (a request re-run), it finds the Safe already there and answers it with no transaction.
   */
  create(owners: readonly Address[], threshold: number, saltNonce: bigint): Promise<{ address: Address; txHash: Hex | null }>;
  /** Null when no Safe is deployed at the address. */
  state(safe: Address): Promise<SafeState | null>;
  /** With a journal, a fault once the node may have the transaction throws (server/chain/evm/sender.ts `MaybeSent`) instead of answering `refused`. */
  execute(
    safe: Address,
    transaction: SafeTransaction,
    signatures: ReadonlyArray<{ signer: Address; signature: Hex }>,
    journal?: SendJournal,
  ): Promise<Execution>;
  /**
   * The Safe's execution guard (docs/chains.md "The execution guard"): the one installed (null: none),
   * the one this platform's relayer installs, and when the owners' escape opens (0: not announced).
   */
  guard(safe: Address): Promise<SafeGuardState>;
}

export interface SafeGuardState {
  installed: Address | null;
  expected: Address;
  /** Seconds since the epoch, as the chain counts; 0n while no owner has announced an escape. */
  escapeOpensAt: bigint;
}

/**
 * Money out of one of our own wallets that is not a Safe (hot and cold wallets), sent with the
 * wallet's own key (docs/chains.md "Wallet keys"): on the devnet the devnet sends for any address;
 * on a real network only for the wallets whose key the platform was given.
 */
export interface WalletChain {
  holdsKey(address: string): boolean;
  /**
   * One transfer of `amount` (smallest units; `token` null for the native coin), mined. `refused`:
   * nothing was sent (no key: reason `noKey`; the chain would refuse it: its revert reason).
   */
  transfer(from: string, to: string, token: string | null, amount: bigint, journal?: SendJournal): Promise<Execution>;
}

export interface ChainAdapter {
  readonly mode: ChainMode;
  /** The chain id signatures are bound to (EIP-712 domain, EIP-155). */
  readonly signingChainId: number;
  /** Smallest units; `token` null for the native coin; at `atBlock` (the head when absent). */
  balanceOf(address: string, token: string | null, atBlock?: bigint): Promise<bigint>;
  headBlock(): Promise<bigint>;
  /** The hash of the chain's block `number` now, or null past the head (the deposit watcher's reorg check). */
  blockHash(number: bigint): Promise<string | null>;
  transfersTo(addresses: readonly string[], tokens: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<IncomingTransfer[]>;
  transaction(hash: string): Promise<TransactionFate>;
  /** Whether a contract's code is at the address at `atBlock` (the head when absent): a token the chain's currencies name may be missing. */
  hasCode(address: string, atBlock?: bigint): Promise<boolean>;
  /** The native coin the transactions of blocks `fromBlock`..`toBlock` moved for the watched addresses. */
  nativeFlows(addresses: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<NativeFlows>;
  /** The Safe contract on EVM chains; null where multisig is still the database's rule (simulated chains). */
  readonly multisig: MultisigChain | null;
  /**
   * What became of a transaction fixed and maybe sent before a stop (the intent log's resume): its
   * fate once mined, sending the very same transaction again when the chain has not got it; `refused`
   * when it never went and never will (its nonce went to another, or the node refuses it).
   * `safe`: the Safe it executes, whose `ExecutionFailure` makes a mined execution a failed one.
   */
  resumeSend?(fixed: FixedSend, safe?: string): Promise<Execution>;
  /** Our wallets' own transfers; null where they are the database's books only (simulated chains). */
  readonly wallets: WalletChain | null;
}
