import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainAdapter } from './adapter';
import { Devnet, type DevnetTokenSpec } from './evm/devnet';
import { devnetKeysIn, randomDevnetKeys, type DevnetKeys } from './evm/devnetKeys';
import { guardAddressOf } from './evm/executionGuard';
import { EvmChain } from './evm/evmChain';
import { TransactionSender } from './evm/sender';
import { SimulatedChain } from './tron/simulatedChain';
import { devnetWalletKeys, WalletKeyRing } from './walletKeys';
import type { ChainMode } from '../../src/contract/schemas/chain';
import { depositSeed } from './depositKeys';

/**
 * Which adapter serves each chain row (docs/chains.md "Modes"). `devnet`: every EVM chain is an
 * embedded devnet of its own, kept under DATA_DIR/devnet (or in memory); `rpc`: every EVM chain is
 * its row's RPC URL, and the relayer's key comes from the environment. TRON is simulated in both.
 */
export interface ChainSettings {
  mode: 'devnet' | 'rpc';
  /** Where devnet journals live; null: devnets forget everything at exit (tests). */
  devnetDir: string | null;
  /** rpc mode: the key that sends Safe creations and executions and pays their gas. */
  relayerKey: Hex | null;
  /** rpc mode: the keys of the wallets the platform sends from (WALLET_KEYS); the devnet needs none. */
  walletKeys?: readonly Hex[];
  /** rpc mode: the deposit seed order addresses' keys derive from (server/chain/depositKeys.ts); none: they send nothing. */
  depositSeed?: () => Uint8Array;
  /**
   * devnet mode: where the devnets' faucet and relayer keys live (DEVNET_KEYS_FILE; default
   * `keys.json` in `devnetDir`). Without either, random keys for this process (tests).
   */
  devnetKeysFile?: string | null;
  /** devnet mode, tests: these keys rather than a file's (a test seeds before its server starts). */
  devnetKeys?: DevnetKeys;
}

/** What the registry reads of the server's configuration (server/config.ts). */
export interface ChainConfig {
  chainMode: ChainSettings['mode'];
  devnetDir: string | null;
  relayerKey: Hex | null;
  walletKeys?: readonly Hex[];
  devnetKeysFile?: string | null;
  devnetKeys?: DevnetKeys;
  /** DEPOSIT_SEED and the data folder that keeps a made one (server/chain/depositKeys.ts `depositSeed`). */
  depositSeed?: string;
  dataDir?: string;
}

export const chainSettingsOf = (config: ChainConfig): ChainSettings => ({
  mode: config.chainMode,
  devnetDir: config.devnetDir,
  relayerKey: config.relayerKey,
  walletKeys: config.walletKeys,
  devnetKeysFile: config.devnetKeysFile,
  devnetKeys: config.devnetKeys,
  depositSeed:
    config.depositSeed !== undefined || config.dataDir !== undefined
      ? () => depositSeed(config.depositSeed, config.dataDir ?? '')
      : undefined,
});

/**
 * The execution guard of the Safes a server of this configuration makes: for a demo seed written
 * before the server starts (its Safes' addresses depend on it). Starts no chain.
 */
export const safeGuardFor = (config: ChainConfig): Address => new ChainRegistry(chainSettingsOf(config), async () => []).safeGuard();

export interface ChainRow {
  chainId: number;
  family: 'evm' | 'tron';
  rpcUrl: string;
}

/**
 * The chain id a devnet runs under: never the real network's, so nothing signed for the devnet is
 * valid on the real network (an EIP-712 signature and a transaction are bound to the chain id).
 */
export const devnetChainId = (chainId: number): number => 900_000_000 + chainId;

export class ChainRegistry {
  private readonly adapters = new Map<number, Promise<ChainAdapter>>();
  private readonly devnets = new Map<number, Promise<Devnet>>();

  constructor(
    private readonly settings: ChainSettings,
    /** The ERC-20 tokens a devnet carries in its genesis: the chain's currencies with a contract. */
    private readonly tokensOf: (chainId: number) => Promise<DevnetTokenSpec[]>,
    /** Run once on a devnet that started with no journal, before anyone else uses it. */
    private readonly onFreshDevnet: (chainId: number, devnet: Devnet, adapter: ChainAdapter) => Promise<void> = async () => undefined,
  ) {}

  private ring: WalletKeyRing | null = null;

  /** rpc mode: the one key store every EVM chain sends with (an address's key is the same on each). */
  private walletKeyRing(): WalletKeyRing {
    this.ring ??= new WalletKeyRing(this.settings.walletKeys ?? [], this.settings.depositSeed ?? null);
    return this.ring;
  }

  /**
   * Makes an order address's key available to send with (docs/chains.md "Wallet keys"): on the devnet
   * every address sends already; on a real network the key is derived from the deposit seed. False:
   * the platform holds no key for it.
   */
  admitOrderAddress(orgId: number, orderId: number, address: string): boolean {
    if (this.settings.mode === 'devnet') return true;
    return this.walletKeyRing().admitOrderAddress(orgId, orderId, address);
  }

  get mode(): ChainSettings['mode'] {
    return this.settings.mode;
  }

  /** A chain's mode as the API names it (src/contract/schemas/chain.ts CHAIN_MODES): TRON is simulated in both. */
  modeOf(family: ChainRow['family']): ChainMode {
    return family === 'evm' ? this.settings.mode : 'simulated';
  }

  private keys: DevnetKeys | null = null;

  /** The devnets' faucet and relayer (server/chain/evm/devnetKeys.ts), read or made once. */
  devnetKeys(): DevnetKeys {
    if (!this.keys) {
      const file = this.settings.devnetKeysFile ?? (this.settings.devnetDir ? join(this.settings.devnetDir, 'keys.json') : null);
      this.keys = this.settings.devnetKeys ?? (file ? devnetKeysIn(file) : randomDevnetKeys());
    }
    return this.keys;
  }

  /**
   * The execution guard the Safes made here carry (docs/chains.md "The execution guard"): the
   * relayer's, the devnets' or RELAYER_PRIVATE_KEY's. The demo seed fixes its Safes' addresses with it.
   */
  safeGuard(): Address {
    if (this.settings.mode === 'devnet') return guardAddressOf(this.devnetKeys().relayer.address);
    if (!this.settings.relayerKey)
      throw new Error('CHAIN_MODE=rpc needs RELAYER_PRIVATE_KEY: the account that sends Safe transactions and pays their gas');
    return guardAddressOf(privateKeyToAccount(this.settings.relayerKey).address);
  }

  /** The chain's adapter, started on first use and kept. */
  adapterFor(chain: ChainRow): Promise<ChainAdapter> {
    let adapter = this.adapters.get(chain.chainId);
    if (!adapter) {
      adapter = this.start(chain);
      // A start that failed (an RPC URL down) is tried again on the next use.
      adapter.catch(() => this.adapters.delete(chain.chainId));
      this.adapters.set(chain.chainId, adapter);
    }
    return adapter;
  }

  /** In devnet mode, starts these chains' devnets now (in rpc mode each node is reached on first use). */
  async startDevnets(rows: ChainRow[]): Promise<void> {
    if (this.settings.mode !== 'devnet') return;
    for (const row of rows) await this.adapterFor(row);
  }

  /**
   * Whether every devnet of these chains would start from its journal (a restart): a replay reads
   * nothing of the books, so it may run after the server is ready (docs/DECISIONS.md "Restart to
   * ready"). A fresh devnet reads the books to hold them, which must never wait behind a request's
   * transaction (on PGlite it holds the one connection): it starts before the server listens.
   */
  replaysJournals(rows: ChainRow[]): boolean {
    const dir = this.settings.devnetDir;
    if (this.settings.mode !== 'devnet' || !dir) return false;
    return rows
      .filter((row) => row.family === 'evm')
      .every((row) => {
        const file = join(dir, `chain-${row.chainId}.jsonl`);
        return existsSync(file) && /\S/.test(readFileSync(file, 'utf8'));
      });
  }

  /**
   * Starts these chains' devnets side by side without waiting for them; the answer settles when all
   * have started. Each chain's devnet and adapter are registered at once: a request (or the deposit
   * watcher) asking for one meanwhile waits for the same start.
   */
  startDevnetsInBackground(rows: ChainRow[]): Promise<void> {
    if (this.settings.mode !== 'devnet') return Promise.resolve();
    return Promise.all(rows.map((row) => this.adapterFor(row))).then(() => undefined);
  }

  /** The devnet behind an EVM chain in devnet mode (tests fund and deposit through it). */
  devnetOf(chainId: number): Promise<Devnet> {
    const devnet = this.devnets.get(chainId);
    // A promise either way: callers await it, and a chain without a devnet is a rejection they can catch.
    return devnet ?? Promise.reject(new Error(`chain ${chainId} has no devnet started`));
  }

  /**
   * The devnet of an EVM chain, started now when nothing started it yet: a chain added after the
   * server started has none until its first use (docs/chains.md "The embedded devnet"). Never from
   * inside a transaction: a fresh devnet reads the books. Rejects in rpc mode.
   */
  async startedDevnetOf(chainId: number): Promise<Devnet> {
    if (this.settings.mode !== 'devnet') throw new Error(`chain ${chainId} has no devnet: CHAIN_MODE is ${this.settings.mode}`);
    // In devnet mode the adapter reads no RPC URL.
    await this.adapterFor({ chainId, family: 'evm', rpcUrl: '' });
    return this.devnetOf(chainId);
  }

  /**
   * A token currency saved while its chain's devnet runs: the token's contract is put at its address
   * now, as a devnet started later has it from genesis (server/chain/devnetTokens.ts). A devnet not
   * started yet reads the chain's tokens when it starts; in rpc mode the contract is the network's.
   */
  async tokenAdded(chainId: number, token: DevnetTokenSpec): Promise<void> {
    const devnet = this.devnets.get(chainId);
    if (devnet) await (await devnet).installToken(token);
  }

  private async start(chain: ChainRow): Promise<ChainAdapter> {
    if (chain.family !== 'evm') return new SimulatedChain(chain.chainId);
    if (this.settings.mode === 'devnet') {
      const signingChainId = devnetChainId(chain.chainId);
      // Registered before the first wait: devnetOf finds a devnet under way and waits for it.
      const devnet = this.tokensOf(chain.chainId).then((tokens) =>
        Devnet.start({
          chainId: signingChainId,
          journalFile: this.settings.devnetDir ? join(this.settings.devnetDir, `chain-${chain.chainId}.jsonl`) : null,
          tokens,
          keys: this.devnetKeys(),
        }),
      );
      this.devnets.set(chain.chainId, devnet);
      const started = await devnet;
      const adapter = new EvmChain('devnet', signingChainId, started.client, started.sender, started.relayer, devnetWalletKeys);
      if (started.fresh) await this.onFreshDevnet(chain.chainId, started, adapter);
      return adapter;
    }
    if (!this.settings.relayerKey)
      throw new Error('CHAIN_MODE=rpc needs RELAYER_PRIVATE_KEY: the account that sends Safe transactions and pays their gas');
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 2 }), cacheTime: 0 });
    const reported = await client.getChainId();
    if (reported !== chain.chainId)
      throw new Error(`the RPC URL of chain ${chain.chainId} answers chain id ${reported}: refusing to send anything there`);
    return new EvmChain(
      'rpc',
      chain.chainId,
      client,
      new TransactionSender(client, chain.chainId),
      privateKeyToAccount(this.settings.relayerKey),
      this.walletKeyRing().keyOf,
    );
  }
}
