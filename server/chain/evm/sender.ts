import { numberToHex, type Address, type Hex, type LocalAccount, type PublicClient, type TransactionReceipt } from 'viem';

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
 * Sends the platform's own transactions (docs/chains.md "Who sends"): signed here with a local key,
 * one at a time per chain, so each account's nonce is read and used with no second sender between.
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

  send(account: SendingAccount, tx: OutgoingTransaction): Promise<SentTransaction> {
    return this.exclusive(() => this.sendNow(account, tx));
  }

  /** Runs `task` in the queue of sends: nothing is sent on this chain while it runs. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async sendNow(account: SendingAccount, tx: OutgoingTransaction): Promise<SentTransaction> {
    const from = typeof account === 'string' ? account : account.address;
    const nonce = await this.client.getTransactionCount({ address: from, blockTag: 'pending' });
    const gas = tx.gas ?? ((await this.client.estimateGas({ account: from, to: tx.to, data: tx.data, value: tx.value })) * 12n) / 10n;
    const fees = await this.client.estimateFeesPerGas();
    const fields = { nonce, gas, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, to: tx.to, data: tx.data, value: tx.value ?? 0n };
    let hash: Hex;
    let replay: Replayable;
    if (typeof account === 'string') {
      if (!this.submitUnsigned) throw new Error(`no key for ${account}: only the devnet sends for a bare address`);
      const unsigned: UnsignedRequest = {
        from,
        to: fields.to,
        ...(fields.data ? { data: fields.data } : {}),
        value: numberToHex(fields.value),
        nonce: numberToHex(nonce),
        gas: numberToHex(gas),
        maxFeePerGas: numberToHex(fields.maxFeePerGas),
        maxPriorityFeePerGas: numberToHex(fields.maxPriorityFeePerGas),
        type: '0x2',
      };
      hash = await this.submitUnsigned(unsigned);
      replay = { unsigned };
    } else {
      const raw = await account.signTransaction({ chainId: this.chainId, type: 'eip1559', ...fields });
      hash = await this.client.sendRawTransaction({ serializedTransaction: raw });
      replay = { raw };
    }
    // Mined at once on the devnet (asked directly: waiting would first sleep a polling interval); a real node takes its block time.
    const receipt = (await this.client.getTransactionReceipt({ hash }).catch(() => null)) ?? (await this.client.waitForTransactionReceipt({ hash, pollingInterval: 1000 }));
    const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
    const sent = { hash, replay, receipt };
    this.onMined(sent, block.timestamp);
    return sent;
  }
}
