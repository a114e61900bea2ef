import type { Address, Hex, LocalAccount, PublicClient, TransactionReceipt } from 'viem';

export interface OutgoingTransaction {
  to: Address;
  data?: Hex;
  value?: bigint;
  /** Estimated (+20 %) when absent: a call that would fail is then refused before it is sent, at no cost. */
  gas?: bigint;
}

export interface SentTransaction {
  hash: Hex;
  raw: Hex;
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
  ) {}

  send(account: LocalAccount, tx: OutgoingTransaction): Promise<SentTransaction> {
    return this.exclusive(() => this.sendNow(account, tx));
  }

  /** Runs `task` in the queue of sends: nothing is sent on this chain while it runs. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async sendNow(account: LocalAccount, tx: OutgoingTransaction): Promise<SentTransaction> {
    const nonce = await this.client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const gas = tx.gas ?? ((await this.client.estimateGas({ account: account.address, to: tx.to, data: tx.data, value: tx.value })) * 12n) / 10n;
    const fees = await this.client.estimateFeesPerGas();
    const raw = await account.signTransaction({
      chainId: this.chainId,
      type: 'eip1559',
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      to: tx.to,
      data: tx.data,
      value: tx.value ?? 0n,
    });
    const hash = await this.client.sendRawTransaction({ serializedTransaction: raw });
    // Mined at once on the devnet (asked directly: waiting would first sleep a polling interval); a real node takes its block time.
    const receipt = (await this.client.getTransactionReceipt({ hash }).catch(() => null)) ?? (await this.client.waitForTransactionReceipt({ hash, pollingInterval: 1000 }));
    const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
    const sent = { hash, raw, receipt };
    this.onMined(sent, block.timestamp);
    return sent;
  }
}
