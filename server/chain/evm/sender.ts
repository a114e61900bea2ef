import { RpcError as DevnetRpcError } from './edrProvider';
import {
  BaseError,
  keccak256,
  numberToHex,
  RpcError,
  RpcRequestError,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';

export interface OutgoingTransaction {
  to: Address;
  data?: Hex;
  value?: bigint;
  /** Estimated (+20 %) when absent: a call that would fail is then refused before it is sent, at no cost. */
  gas?: bigint;
}

/**
 * Who sends: a key held here (the relayer, the faucet, a wallet's key in rpc mode), or on the devnet
 * only, a bare address the devnet sends for without its key (docs/chains.md "Wallet keys").
 */
export type SendingAccount = LocalAccount | Address;

/** An unsigned transaction as `eth_sendTransaction` takes it, every field fixed (so a replay makes the same one). */
export interface UnsignedRequest {
  from: Address;
  to: Address;
  data?: Hex;
  value: Hex;
  nonce: Hex;
  gas: Hex;
  maxFeePerGas: Hex;
  maxPriorityFeePerGas: Hex;
  type: '0x2';
}

/** What it takes to make the same transaction again: the signed bytes, or the devnet's unsigned request. */
export type Replayable = { raw: Hex } | { unsigned: UnsignedRequest };

export interface SentTransaction {
  hash: Hex;
  replay: Replayable;
  receipt: TransactionReceipt;
}

/**
 * A transaction made final before any node sees it (docs/chains.md "The intent log"): who sends,
 * at which nonce, the bytes (or the devnet's request) that make the same one again, its hash when
 * it is known before sending (signed bytes), and the head when it was fixed (where a search for it
 * starts).
 */
export interface FixedTransaction {
  from: Address;
  nonce: number;
  replay: Replayable;
  hash: Hex | null;
  fromBlock: bigint;
}

/** Told as a send goes: `fixed` before the node sees it (a throw there sends nothing), `handedOver` once the node took it. */
export interface SendHooks {
  fixed?(tx: FixedTransaction): Promise<void>;
  handedOver?(hash: Hex): Promise<void>;
}

/**
 * A fault after the transaction may have reached the node (a lost answer, a receipt never read,
 * a record not written): whether it went is for the chain to say (`TransactionSender.recover`),
 * never "nothing was sent".
 */
export class MaybeSent extends Error {
  constructor(readonly cause: unknown) {
    super(`the transaction may have been sent: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** A node's own refusal of a transaction (an RPC error answer): it was not taken. */
export const refusedByNode = (error: unknown): boolean =>
  error instanceof DevnetRpcError ||
  (error instanceof BaseError && error.walk((e) => e instanceof RpcError || e instanceof RpcRequestError) !== null);

/**
 * Sends the platform's own transactions (docs/chains.md "Wallet keys", "The intent log"): signed
 * here with a local key, one at a time per chain, so each account's nonce is read and used with no
 * second sender between.
 * Answers once the transaction is mined, a failed one too (its receipt says `reverted`).
 */
export class TransactionSender {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: PublicClient,
    private readonly chainId: number,
    /** Called with each mined transaction before its sender hears of it (the devnet's journal). */
    private readonly onMined: (sent: SentTransaction, blockTimestamp: bigint) => void = () => undefined,
    /** The devnet's door for a bare address (impersonation); absent on a real network, where only keys send. */
    private readonly submitUnsigned: ((request: UnsignedRequest) => Promise<Hex>) | null = null,
  ) {}

  send(account: SendingAccount, tx: OutgoingTransaction, hooks: SendHooks = {}): Promise<SentTransaction> {
    return this.exclusive(() => this.sendNow(account, tx, hooks));
  }

  /**
   * What became of a fixed transaction (a process that stopped between fixing it and booking it):
   * mined (its receipt, ours or, when its nonce went to another transaction, null: ours never will
   * be), or still to go: then the same transaction is handed over again (same nonce, so never a
   * second one) and its receipt awaited. A node that refuses it outright answers null: not sent.
   */
  recover(fixed: FixedTransaction): Promise<SentTransaction | null> {
    return this.exclusive(async () => {
      if (fixed.hash) {
        const receipt = await this.client.getTransactionReceipt({ hash: fixed.hash }).catch(() => null);
        if (receipt) return this.mined({ hash: fixed.hash, replay: fixed.replay, receipt }, false);
      }
      const used = await this.client.getTransactionCount({ address: fixed.from, blockTag: 'latest' });
      if (used > fixed.nonce) {
        const found = await this.findByNonce(fixed.from, fixed.nonce, fixed.fromBlock);
        if (!found || (fixed.hash && found !== fixed.hash)) return null;
        const receipt = await this.client.getTransactionReceipt({ hash: found });
        return this.mined({ hash: found, replay: fixed.replay, receipt }, false);
      }
      let hash: Hex;
      try {
        hash =
          'raw' in fixed.replay
            ? await this.client.sendRawTransaction({ serializedTransaction: fixed.replay.raw })
            : await this.submit(fixed.replay.unsigned);
      } catch (error) {
        if (refusedByNode(error)) return null;
        throw new MaybeSent(error);
      }
      return this.awaitReceipt(hash, fixed.replay);
    });
  }

  /** The hash of `from`'s transaction at `nonce`, mined at or after `fromBlock`. */
  private async findByNonce(from: Address, nonce: number, fromBlock: bigint): Promise<Hex | null> {
    const head = await this.client.getBlockNumber();
    for (let number = fromBlock; number <= head; number += 1n) {
      const block = await this.client.getBlock({ blockNumber: number, includeTransactions: true });
      const tx = block.transactions.find((t) => t.from.toLowerCase() === from.toLowerCase() && t.nonce === nonce);
      if (tx) return tx.hash;
    }
    return null;
  }

  private submit(unsigned: UnsignedRequest): Promise<Hex> {
    if (!this.submitUnsigned) throw new Error(`no key for ${unsigned.from}: only the devnet sends for a bare address`);
    return this.submitUnsigned(unsigned);
  }

  private async awaitReceipt(hash: Hex, replay: Replayable): Promise<SentTransaction> {
    try {
      // Mined at once on the devnet (asked directly: waiting would first sleep a polling interval); a real node takes its block time.
      const receipt =
        (await this.client.getTransactionReceipt({ hash }).catch(() => null)) ??
        (await this.client.waitForTransactionReceipt({ hash, pollingInterval: 1000 }));
      return await this.mined({ hash, replay, receipt }, true);
    } catch (error) {
      throw new MaybeSent(error);
    }
  }

  private async mined(sent: SentTransaction, fresh: boolean): Promise<SentTransaction> {
    // The devnet's journal already holds a transaction found again; a fresh one is written now.
    if (fresh) {
      const block = await this.client.getBlock({ blockNumber: sent.receipt.blockNumber });
      this.onMined(sent, block.timestamp);
    }
    return sent;
  }

  /** Runs `task` in the queue of sends: nothing is sent on this chain while it runs. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async sendNow(account: SendingAccount, tx: OutgoingTransaction, hooks: SendHooks): Promise<SentTransaction> {
    const from = typeof account === 'string' ? account : account.address;
    const nonce = await this.client.getTransactionCount({ address: from, blockTag: 'pending' });
    const gas = tx.gas ?? ((await this.client.estimateGas({ account: from, to: tx.to, data: tx.data, value: tx.value })) * 12n) / 10n;
    const fees = await this.client.estimateFeesPerGas();
    const fields = {
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      to: tx.to,
      data: tx.data,
      value: tx.value ?? 0n,
    };
    let replay: Replayable;
    let known: Hex | null = null;
    if (typeof account === 'string') {
      if (!this.submitUnsigned) throw new Error(`no key for ${account}: only the devnet sends for a bare address`);
      replay = {
        unsigned: {
          from,
          to: fields.to,
          ...(fields.data ? { data: fields.data } : {}),
          value: numberToHex(fields.value),
          nonce: numberToHex(nonce),
          gas: numberToHex(gas),
          maxFeePerGas: numberToHex(fields.maxFeePerGas),
          maxPriorityFeePerGas: numberToHex(fields.maxPriorityFeePerGas),
          type: '0x2',
        },
      };
    } else {
      const raw = await account.signTransaction({ chainId: this.chainId, type: 'eip1559', ...fields });
      replay = { raw };
      known = keccak256(raw);
    }
    // Recorded before the node sees it: from here, a stop is resumed, never sent anew.
    if (hooks.fixed) await hooks.fixed({ from, nonce, replay, hash: known, fromBlock: await this.client.getBlockNumber() });
    let hash: Hex;
    try {
      hash =
        'raw' in replay ? await this.client.sendRawTransaction({ serializedTransaction: replay.raw }) : await this.submit(replay.unsigned);
    } catch (error) {
      // The node said no: nothing went. Anything else (a lost answer) may have gone.
      if (refusedByNode(error) || !hooks.fixed) throw error;
      throw new MaybeSent(error);
    }
    if (hooks.handedOver) await hooks.handedOver(hash).catch((error: unknown) => Promise.reject(new MaybeSent(error)));
    return this.awaitReceipt(hash, replay);
  }
}
