import type * as edr from '@nomicfoundation/edr';
import {
  createPublicClient,
  custom,
  encodeDeployData,
  encodeFunctionData,
  type Abi,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import tokenArtifact from './contracts/DevnetToken.json' with { type: 'json' };
import { eip1193, rpc, startEdrChain, type GenesisAccount } from './edrProvider';
import { appendJournal, readJournal, type JournalEntry } from './journal';
import { TransactionSender, type OutgoingTransaction, type SendingAccount, type SentTransaction, type UnsignedRequest } from './sender';
import { safeDeployments, SAFE_ADDRESSES, SINGLETON_FACTORY, SINGLETON_FACTORY_CODE } from './safe';
import type { DevnetKeys } from './devnetKeys';

/**
 * An embedded EVM chain (docs/chains.md "The embedded devnet"): EDR in this process, with the
 * Safe contracts and the chain's ERC-20 tokens, its state kept by a journal of transactions.
 */

export const tokenAbi = tokenArtifact.abi as Abi;

export { devnetAccount } from './devnetAccount';

const GENESIS_TIME = 1_700_000_000n;
const ETHER = 10n ** 18n;
const FAUCET_BALANCE = 1_000_000_000n * ETHER;
const RELAYER_BALANCE = 1_000_000n * ETHER;

export interface DevnetTokenSpec {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
}

export interface DevnetOptions {
  chainId: number;
  /** Its faucet and relayer (server/chain/evm/devnetKeys.ts): the same for every start on one journal. */
  keys: DevnetKeys;
  /** Where the journal lives; null: a chain that forgets everything when the process ends (tests). */
  journalFile: string | null;
  tokens: DevnetTokenSpec[];
}

/**
 * The runtime code of each token, made by deploying it once on a scratch chain (its immutables are
 * written into the code then): that code goes into the real chain's genesis at the token's address.
 */
async function tokenCodes(tokens: DevnetTokenSpec[], faucet: LocalAccount): Promise<GenesisAccount[]> {
  if (tokens.length === 0) return [];
  const scratch = await startEdrChain({
    chainId: 31_337,
    genesisTime: GENESIS_TIME,
    genesis: [{ address: faucet.address, balance: FAUCET_BALANCE }],
  });
  const client = clientOf(scratch, 31_337);
  const codes: GenesisAccount[] = [];
  for (const [nonce, token] of tokens.entries()) {
    const data = encodeDeployData({
      abi: tokenAbi,
      bytecode: tokenArtifact.bytecode as Hex,
      args: [token.name, token.symbol, token.decimals, faucet.address],
    });
    const raw = await faucet.signTransaction({
      chainId: 31_337,
      type: 'eip1559',
      nonce,
      gas: 3_000_000n,
      maxFeePerGas: 20_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      data,
    });
    const hash = await rpc<Hex>(scratch, 'eth_sendRawTransaction', [raw]);
    const receipt = await client.getTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`the devnet token ${token.symbol} could not be built`);
    codes.push({ address: token.address, code: (await client.getCode({ address: receipt.contractAddress })) as Hex });
  }
  return codes;
}

/** `cacheTime: 0`: viem would otherwise answer a block number up to 4 s old, and blocks here come in milliseconds. */
const clientOf = (provider: edr.Provider, chainId: number): PublicClient =>
  createPublicClient({
    chain: {
      id: chainId,
      name: `devnet ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    },
    cacheTime: 0,
    transport: custom(eip1193(provider), { retryCount: 0 }),
  });

export class Devnet {
  readonly sender: TransactionSender;
  /** Started with no journal: a new chain, which holds nothing of the books yet (server/chain/materialize.ts). */
  fresh = true;

  private constructor(
    readonly chainId: number,
    /** Holds the devnet's native coin and mints its tokens (demo funding, test deposits). */
    readonly faucet: LocalAccount,
    /** Sends the Safes' creations and `execTransaction`s, and pays their gas. */
    readonly relayer: LocalAccount,
    readonly provider: edr.Provider,
    readonly client: PublicClient,
    private readonly journalFile: string | null,
  ) {
    this.sender = new TransactionSender(
      client,
      chainId,
      (sent, timestamp) => this.journal({ ...sent.replay, timestamp: Number(timestamp) }),
      (request) => this.submitFor(request),
    );
  }

  /** Written before anyone hears of the block, so nothing the database records is missing from it. */
  private journal(entry: JournalEntry): void {
    if (this.journalFile) appendJournal(this.journalFile, entry);
  }

  /** The devnet sends for an address without its key: what stands in for a wallet's key store here (docs/chains.md "Wallet keys"). */
  private async submitFor(request: UnsignedRequest): Promise<Hex> {
    await rpc(this.provider, 'hardhat_impersonateAccount', [request.from]);
    return rpc<Hex>(this.provider, 'eth_sendTransaction', [request]);
  }

  static async start(options: DevnetOptions): Promise<Devnet> {
    const journal = options.journalFile ? readJournal(options.journalFile) : [];
    // A token the journal installs was not in the first start's genesis: it is made in its place again.
    const installed = new Set(journal.flatMap((entry) => ('token' in entry ? [entry.token.address.toLowerCase()] : [])));
    const genesisTokens = options.tokens.filter((token) => !installed.has(token.address.toLowerCase()));
    const provider = await startEdrChain({
      chainId: options.chainId,
      genesisTime: GENESIS_TIME,
      genesis: [
        { address: options.keys.faucet.address, balance: FAUCET_BALANCE },
        { address: options.keys.relayer.address, balance: RELAYER_BALANCE },
        { address: SINGLETON_FACTORY, code: SINGLETON_FACTORY_CODE },
        ...(await tokenCodes(genesisTokens, options.keys.faucet)),
      ],
    });
    const devnet = new Devnet(
      options.chainId,
      options.keys.faucet,
      options.keys.relayer,
      provider,
      clientOf(provider, options.chainId),
      options.journalFile,
    );
    if (options.journalFile) await devnet.replay(options.journalFile, journal);
    if ((await devnet.client.getCode({ address: SAFE_ADDRESSES.singleton })) === undefined) {
      for (const deployment of safeDeployments()) await devnet.send(devnet.faucet, { ...deployment, gas: 8_000_000n });
    }
    await devnet.keepTime();
    return devnet;
  }

  /**
   * The chain's clock set to the wall clock's from its next block on. EDR counts time from the
   * genesis (fixed, for a replay to rebuild the same blocks), and after a replay from the last
   * block's time: a deposit's block time is compared with its order's creation (docs/chains.md "Deposits").
   */
  private async keepTime(): Promise<void> {
    const latest = await this.client.getBlock({ blockTag: 'latest' });
    const behind = Math.floor(Date.now() / 1000) - Number(latest.timestamp);
    if (behind > 0) await rpc(this.provider, 'evm_increaseTime', [behind]);
  }

  /** Each journalled transaction again, in a block of its own with its recorded time; each empty block too. */
  private async replay(file: string, entries: JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    this.fresh = false;
    await rpc(this.provider, 'evm_setAutomine', [false]);
    try {
      for (const [index, entry] of entries.entries()) {
        if ('empty' in entry) {
          await rpc(this.provider, 'evm_mine', [entry.timestamp]);
          continue;
        }
        if ('token' in entry) {
          await this.putTokenCode(entry.token);
          continue;
        }
        await ('raw' in entry ? rpc(this.provider, 'eth_sendRawTransaction', [entry.raw]) : this.submitFor(entry.unsigned)).catch(
          (error: Error) => {
            throw new Error(`${file}: transaction ${index + 1} no longer applies: ${error.message}`);
          },
        );
        await rpc(this.provider, 'evm_mine', [entry.timestamp]);
      }
    } finally {
      await rpc(this.provider, 'evm_setAutomine', [true]);
    }
  }

  /** From a key (`LocalAccount`), or for a bare address without its key (a wallet of ours: docs/chains.md "Wallet keys"). */
  send(account: SendingAccount, tx: OutgoingTransaction): Promise<SentTransaction> {
    return this.sender.send(account, tx);
  }

  /**
   * A token added while the devnet runs (a currency saved since it started): the code a genesis would
   * have given it, put at the token's address unless something is there already, and journalled, so a
   * restart makes it in the same place and its genesis stays the first start's (the blocks keep their hashes).
   */
  installToken(token: DevnetTokenSpec): Promise<void> {
    return this.sender.exclusive(async () => {
      if ((await this.client.getCode({ address: token.address })) !== undefined) return;
      await this.putTokenCode(token);
      this.journal({ token: { address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals } });
    });
  }

  private async putTokenCode(token: DevnetTokenSpec): Promise<void> {
    const [built] = await tokenCodes([token], this.faucet);
    await rpc(this.provider, 'hardhat_setCode', [token.address, built.code]);
  }

  /** New tokens to an address, from the faucet (demo funding, a customer's deposit in tests). */
  mint(token: Address, to: Address, amount: bigint): Promise<SentTransaction> {
    return this.send(this.faucet, { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [to, amount] }) });
  }

  /**
   * One empty block, journalled: the devnet mines only when a transaction arrives, so the deposit
   * watcher has it mine while a deposit waits for its confirmations (docs/chains.md "Deposits").
   * In the senders' queue, so the journal's order stays the chain's.
   */
  mineEmpty(): Promise<bigint> {
    return this.sender.exclusive(async () => {
      await rpc(this.provider, 'evm_mine', []);
      const block = await this.client.getBlock({ blockTag: 'latest' });
      this.journal({ empty: true, timestamp: Number(block.timestamp) });
      return block.number;
    });
  }

  /**
   * A transaction signed elsewhere (a wallet tool, an e2e test paying an order through
   * `/devnet/<chain>`: server/modules/devnet/routes.ts), mined and journalled like the platform's own.
   * Answers its hash; a transaction the chain refuses (bad nonce, no funds) is an RpcError, and
   * nothing is journalled.
   */
  sendRaw(raw: Hex): Promise<Hex> {
    return this.sender.exclusive(async () => {
      const hash = await rpc<Hex>(this.provider, 'eth_sendRawTransaction', [raw]);
      const receipt = await this.client.getTransactionReceipt({ hash });
      const block = await this.client.getBlock({ blockNumber: receipt.blockNumber });
      this.journal({ raw, timestamp: Number(block.timestamp) });
      return hash;
    });
  }

  /** Native coin to an address, from the faucet. */
  fund(to: Address, amount: bigint): Promise<SentTransaction> {
    return this.send(this.faucet, { to, value: amount });
  }

  /**
   * A payment from an outside address, as its own wallet would send it: the faucet gives it the money
   * (the coin, or the token minted) and gas, then the devnet sends for it (docs/chains.md "Wallet keys").
   * The demo's late payments (server/chain/materialize.ts) and the tests' customers pay this way.
   */
  async payAs(payer: Address, token: Address | null, to: Address, amount: bigint): Promise<SentTransaction> {
    await this.fund(payer, (token === null ? amount : 0n) + 10n ** 17n);
    if (token === null) return this.send(payer, { to, value: amount });
    await this.mint(token, payer, amount);
    return this.send(payer, { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to, amount] }) });
  }
}
