import {
  BaseError,
  BlockNotFoundError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddressEqual,
  parseAbiItem,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import type {
  ChainAdapter,
  ChainMode,
  Execution,
  FixedSend,
  SendJournal,
  IncomingTransfer,
  MultisigChain,
  NativeFlow,
  NativeFlows,
  SafeGuardState,
  SafeState,
  TransactionFate,
  WalletChain,
} from '../adapter';
import { encodeCreateSafe, encodeExecTransaction, packSignatures, safeAbi, safeAddressOf, type SafeTransaction } from './safe';
import { GUARD_STORAGE_SLOT, guardAbi, guardAddressOf, guardDeployment } from './executionGuard';
import {
  MaybeSent,
  type OutgoingTransaction,
  type Replayable,
  type SendHooks,
  type SendingAccount,
  type SentTransaction,
  type TransactionSender,
} from './sender';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** The most recipients a token-log read names to the node; more are matched in process (docs/chains.md "Deposits"). */
export const WATCHED_TOPICS_MAX = 1_000;

/** The Safe's own code for a refusal (GS0xx), or its execution guard's (RG0xx), or the revert's message. */
export function revertReasonOf(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
    if (reverted?.reason) return reverted.reason;
  }
  const message = error instanceof Error ? error.message : String(error);
  return /(GS|RG)\d{3}/.exec(message)?.[0] ?? message.split('\n')[0];
}

/** An EVM chain through viem: the embedded devnet's client, or an RPC URL's (server/chain/registry.ts). */
export class EvmChain implements ChainAdapter {
  readonly multisig: MultisigChain;
  readonly wallets: WalletChain;
  private guardReady: Promise<Address> | null = null;

  constructor(
    readonly mode: ChainMode,
    readonly signingChainId: number,
    private readonly client: PublicClient,
    private readonly sender: TransactionSender,
    /** Pays the gas of Safe creations and executions; never an owner of a Safe. */
    private readonly relayer: LocalAccount,
    /** Who sends for one of our wallets (server/chain/walletKeys.ts); null: the platform has no key for it. */
    private readonly walletKeyOf: (address: Address) => SendingAccount | null = () => null,
  ) {
    this.multisig = {
      create: (owners, threshold, saltNonce) => this.createSafe(owners, threshold, saltNonce),
      state: (safe) => this.safeState(safe),
      execute: (safe, transaction, signatures, journal) => this.execute(safe, transaction, signatures, journal),
      guard: (safe) => this.guardState(safe),
    };
    this.wallets = {
      holdsKey: (address) => this.walletKeyOf(getAddress(address)) !== null,
      transfer: (from, to, token, amount, journal) =>
        this.transferFrom(getAddress(from), getAddress(to), token === null ? null : getAddress(token), amount, journal),
    };
  }

  async balanceOf(address: string, token: string | null, atBlock?: bigint): Promise<bigint> {
    const at = atBlock === undefined ? {} : { blockNumber: atBlock };
    if (token === null) return this.client.getBalance({ address: getAddress(address), ...at });
    return this.client.readContract({
      address: getAddress(token),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [getAddress(address)],
      ...at,
    });
  }

  headBlock(): Promise<bigint> {
    return this.client.getBlockNumber();
  }

  async blockHash(number: bigint): Promise<string | null> {
    try {
      return (await this.client.getBlock({ blockNumber: number })).hash;
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    }
  }

  async transfersTo(
    addresses: readonly string[],
    tokens: readonly string[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<IncomingTransfer[]> {
    if (addresses.length === 0 || fromBlock > toBlock) return [];
    // A set: every order has an address of its own, so this list grows with the orders (docs/chains.md "Deposits").
    const watched = new Set(addresses.map((a) => getAddress(a)));
    const found: IncomingTransfer[] = [];
    const times = new Map<bigint, bigint>();
    const timeOf = async (blockNumber: bigint) => {
      if (!times.has(blockNumber)) times.set(blockNumber, (await this.client.getBlock({ blockNumber })).timestamp);
      return times.get(blockNumber)!;
    };
    // The native coin leaves no log: the blocks' own transactions to a watched address. Read first:
    // each block's time is then known for the token logs below, with no second read of the block.
    for (let number = fromBlock; number <= toBlock; number += 1n) {
      const block = await this.client.getBlock({ blockNumber: number, includeTransactions: true });
      times.set(number, block.timestamp);
      for (const tx of block.transactions) {
        if (tx.to && tx.value > 0n && watched.has(getAddress(tx.to))) {
          const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
          if (receipt.status === 'success')
            found.push({
              txHash: tx.hash,
              logIndex: -1,
              blockNumber: number,
              timestamp: block.timestamp,
              from: getAddress(tx.from),
              to: getAddress(tx.to),
              token: null,
              amount: tx.value,
            });
        }
      }
    }
    if (tokens.length > 0) {
      // Up to WATCHED_TOPICS_MAX addresses the node filters by recipient; past it (nodes refuse or
      // time out on a topic list that long) every transfer of the tokens is read and matched here.
      const logs = await this.client.getLogs({
        address: tokens.map((t) => getAddress(t)),
        event: TRANSFER,
        args: watched.size <= WATCHED_TOPICS_MAX ? { to: [...watched] } : undefined,
        fromBlock,
        toBlock,
      });
      for (const log of logs) {
        if (log.args.from === undefined || log.args.to === undefined || log.args.value === undefined || log.args.value === 0n) continue;
        if (!watched.has(getAddress(log.args.to))) continue;
        const { blockNumber } = log;
        found.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber,
          timestamp: await timeOf(blockNumber),
          from: getAddress(log.args.from),
          to: getAddress(log.args.to),
          token: getAddress(log.address),
          amount: log.args.value,
        });
      }
    }
    return found.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  }

  async transaction(hash: string): Promise<TransactionFate> {
    const receipt = await this.client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
    if (receipt)
      return {
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        fee: receipt.gasUsed * receipt.effectiveGasPrice,
      };
    const pending = await this.client.getTransaction({ hash: hash as Hex }).catch(() => null);
    return { status: pending ? 'pending' : 'unknown', blockNumber: null, gasUsed: null, fee: null };
  }

  async hasCode(address: string, atBlock?: bigint): Promise<boolean> {
    const code = await this.client.getCode({ address: getAddress(address), ...(atBlock === undefined ? {} : { blockNumber: atBlock }) });
    return code !== undefined && code !== '0x';
  }

  async nativeFlows(addresses: readonly string[], fromBlock: bigint, toBlock: bigint): Promise<NativeFlows> {
    const watched = new Set(addresses.map((a) => getAddress(a)));
    const byAddress = new Map<Address, NativeFlow>();
    const toWatched = new Set<string>();
    const flowOf = (address: Address) =>
      byAddress.get(address) ?? byAddress.set(address, { received: 0n, spent: 0n, hashes: new Set() }).get(address)!;
    for (let number = fromBlock; number <= toBlock; number += 1n) {
      const block = await this.client.getBlock({ blockNumber: number, includeTransactions: true });
      for (const tx of block.transactions) {
        const from = getAddress(tx.from);
        const to = tx.to ? getAddress(tx.to) : null;
        if (to && watched.has(to)) toWatched.add(tx.hash.toLowerCase());
        if (!watched.has(from) && !(to && watched.has(to))) continue;
        // A failed transaction moves no value; its sender still pays its fee.
        const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
        const moved = receipt.status === 'success' ? tx.value : 0n;
        if (watched.has(from)) {
          const flow = flowOf(from);
          flow.spent += moved + receipt.gasUsed * receipt.effectiveGasPrice;
          flow.hashes.add(tx.hash.toLowerCase());
        }
        if (to && watched.has(to)) {
          const flow = flowOf(to);
          flow.received += moved;
          flow.hashes.add(tx.hash.toLowerCase());
        }
      }
    }
    return { byAddress, toWatched };
  }

  /** The relayer's execution guard on this chain, deployed once when missing (docs/chains.md "The execution guard"). */
  private guard(): Promise<Address> {
    this.guardReady ??= (async () => {
      const guard = guardAddressOf(this.relayer.address);
      if ((await this.client.getCode({ address: guard })) === undefined) {
        const sent = await this.sender.send(this.relayer, guardDeployment(this.relayer.address));
        if (sent.receipt.status !== 'success' || (await this.client.getCode({ address: guard })) === undefined)
          throw new Error(`the execution guard at ${guard} was not deployed (transaction ${sent.hash})`);
      }
      return guard;
    })().catch((error: unknown) => {
      // Tried again on the next creation (a node that was down).
      this.guardReady = null;
      throw error;
    });
    return this.guardReady;
  }

  private async createSafe(
    owners: readonly Address[],
    threshold: number,
    saltNonce: bigint,
  ): Promise<{ address: Address; txHash: Hex | null }> {
    const guard = await this.guard();
    const address = safeAddressOf(owners, threshold, saltNonce, guard);
    // The address commits to the owners, threshold and guard: a Safe found there is this very one.
    if ((await this.client.getCode({ address })) !== undefined) return { address, txHash: null };
    const sent = await this.sender.send(this.relayer, encodeCreateSafe(owners, threshold, saltNonce, guard));
    if (sent.receipt.status !== 'success') throw new Error(`the Safe at ${address} was not created (transaction ${sent.hash} reverted)`);
    return { address, txHash: sent.hash };
  }

  private async safeState(safe: Address): Promise<SafeState | null> {
    if ((await this.client.getCode({ address: safe })) === undefined) return null;
    const [owners, threshold, nonce] = await Promise.all([
      this.client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' }) as Promise<Address[]>,
      this.client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' }) as Promise<bigint>,
      this.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }) as Promise<bigint>,
    ]);
    return { owners, threshold: Number(threshold), nonce };
  }

  private async guardState(safe: Address): Promise<SafeGuardState> {
    const expected = guardAddressOf(this.relayer.address);
    const slot = await this.client.getStorageAt({ address: safe, slot: GUARD_STORAGE_SLOT });
    const word = BigInt(slot ?? '0x0');
    const installed = word === 0n ? null : getAddress(`0x${word.toString(16).padStart(40, '0')}`);
    const escapeOpensAt =
      installed !== null && isAddressEqual(installed, expected)
        ? ((await this.client.readContract({ address: expected, abi: guardAbi, functionName: 'escapeOpensAt', args: [safe] })) as bigint)
        : 0n;
    return { installed, expected, escapeOpensAt };
  }

  private async execute(
    safe: Address,
    transaction: SafeTransaction,
    signatures: ReadonlyArray<{ signer: Address; signature: Hex }>,
    journal?: SendJournal,
  ): Promise<Execution> {
    const data = encodeExecTransaction(transaction, packSignatures(signatures));
    return this.attempt(this.relayer, { to: safe, data }, failedInsideSafe(safe), journal);
  }

  private transferFrom(from: Address, to: Address, token: Address | null, amount: bigint, journal?: SendJournal): Promise<Execution> {
    const key = this.walletKeyOf(from);
    if (!key) return Promise.resolve({ outcome: 'refused', reason: 'noKey' });
    const tx: OutgoingTransaction =
      token === null
        ? { to, value: amount }
        : { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) };
    return this.attempt(key, tx, () => false, journal);
  }

  async resumeSend(fixed: FixedSend, safe?: string): Promise<Execution> {
    const sent = await this.sender.recover({
      from: getAddress(fixed.sender),
      nonce: fixed.nonce,
      replay: fixed.replay as Replayable,
      hash: (fixed.hash as Hex | null) ?? null,
      fromBlock: fixed.fromBlock,
    });
    if (!sent) return { outcome: 'refused', reason: 'notSent' };
    return this.fateOf(sent, safe ? failedInsideSafe(getAddress(safe)) : () => false);
  }

  /**
   * Sends `tx`: refused when the chain would refuse it (estimated first, nothing spent), else its
   * receipt's fate and cost. With a journal, a fault once the node may have it is thrown (`MaybeSent`).
   */
  private async attempt(
    account: SendingAccount,
    tx: OutgoingTransaction,
    failedInside: (sent: SentTransaction) => boolean,
    journal?: SendJournal,
  ): Promise<Execution> {
    const hooks: SendHooks = journal
      ? {
          fixed: (fixed) =>
            journal.fixed({ sender: fixed.from, nonce: fixed.nonce, replay: fixed.replay, hash: fixed.hash, fromBlock: fixed.fromBlock }),
          handedOver: (hash) => journal.handedOver(hash),
        }
      : {};
    let sent;
    try {
      sent = await this.sender.send(account, tx, hooks);
    } catch (error) {
      if (error instanceof MaybeSent) throw error;
      return { outcome: 'refused', reason: revertReasonOf(error) };
    }
    return this.fateOf(sent, failedInside);
  }

  private fateOf(sent: SentTransaction, failedInside: (sent: SentTransaction) => boolean): Execution {
    const { receipt } = sent;
    const cost = {
      txHash: sent.hash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      fee: receipt.gasUsed * receipt.effectiveGasPrice,
      from: getAddress(receipt.from),
    };
    return receipt.status !== 'success' || failedInside(sent) ? { outcome: 'reverted', ...cost } : { outcome: 'executed', ...cost };
  }
}

/** A Safe whose inner call fails still succeeds, with an ExecutionFailure event: that moved nothing either. */
const failedInsideSafe = (safe: Address) => (sent: SentTransaction) =>
  sent.receipt.logs.some((log) => isAddressEqual(log.address, safe) && log.topics[0] === EXECUTION_FAILURE);

/** keccak256("ExecutionFailure(bytes32,uint256)"): the Safe ran the transaction, and its call failed. */
const EXECUTION_FAILURE: Hex = '0x23428b18acfb3ea64b08dc0c1d296ea9c09702c09083ca5272e64d115b687d23';
