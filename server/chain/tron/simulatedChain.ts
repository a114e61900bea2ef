import type { ChainAdapter, IncomingTransfer, NativeFlows, TransactionFate } from '../adapter';

/**
 * TRON until it has a devnet (docs/chains.md "Modes"): no node behind it. Balances are
 * the ledger's, transfers in are the simulated watcher's rows (`chain_transfer`), and multisig is the
 * database's rule; every screen marks the chain "simulated".
 */
export class SimulatedChain implements ChainAdapter {
  readonly mode = 'simulated' as const;
  readonly multisig = null;
  readonly wallets = null;

  constructor(readonly signingChainId: number) {}

  balanceOf(): Promise<bigint> {
    return Promise.reject(new Error(`chain ${this.signingChainId} is simulated: its balances are the ledger's`));
  }

  headBlock(): Promise<bigint> {
    return Promise.resolve(0n);
  }

  blockHash(): Promise<string | null> {
    return Promise.resolve(null);
  }

  transfersTo(): Promise<IncomingTransfer[]> {
    return Promise.resolve([]);
  }

  transaction(): Promise<TransactionFate> {
    return Promise.resolve({ status: 'unknown', blockNumber: null, gasUsed: null, fee: null });
  }

  hasCode(): Promise<boolean> {
    return Promise.resolve(true);
  }

  nativeFlows(): Promise<NativeFlows> {
    return Promise.resolve({ byAddress: new Map(), toWatched: new Set() });
  }
}
