import * as edr from '@nomicfoundation/edr';
import { hexToBytes, type Address, type EIP1193RequestFn, type Hex } from 'viem';

/**
 * The embedded EVM (docs/chains.md "The embedded devnet"): Hardhat's EDR, in this process, as an
 * EIP-1193 `request` function for viem. EDR keeps its state in memory only; server/chain/evm/devnet.ts
 * rebuilds it at start from a journal.
 */

/** EDR wants one context per process ("should only be called once"). */
let context: Promise<edr.EdrContext> | undefined;
function edrContext(): Promise<edr.EdrContext> {
  context ??= (async () => {
    const created = new edr.EdrContext();
    await created.registerProviderFactory(edr.L1_CHAIN_TYPE, edr.l1ProviderFactory());
    return created;
  })();
  return context;
}

export interface GenesisAccount {
  address: Address;
  balance?: bigint;
  code?: Hex;
}

export interface EdrChainOptions {
  chainId: number;
  genesis: GenesisAccount[];
  /** Fixed, so a replay builds the same genesis block hash every time. */
  genesisTime: bigint;
}

/**
 * A fresh chain. Every transaction is mined into a block of its own as it arrives; a failing one is
 * mined with status 0, as on a real chain; a failing `eth_call` is an error (never a result).
 */
export async function startEdrChain(options: EdrChainOptions): Promise<edr.Provider> {
  const hardfork = edr.l1HardforkLatest();
  return (await edrContext()).createProvider(
    edr.L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      chainId: BigInt(options.chainId),
      coinbase: hexToBytes('0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e'),
      // Below the per-transaction gas cap of the latest hardfork (2^24).
      defaultTransactionGasLimit: 16_000_000n,
      genesisState: [
        ...edr.l1GenesisState(hardfork),
        ...options.genesis.map((a) => ({
          address: hexToBytes(a.address),
          ...(a.balance !== undefined ? { balance: a.balance } : {}),
          ...(a.code !== undefined ? { code: hexToBytes(a.code) } : {}),
        })),
      ],
      hardfork: edr.l1HardforkToString(hardfork),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: edr.MineOrdering.Priority } },
      network: { genesisBlockGasLimit: 60_000_000n, genesisBlockTime: options.genesisTime },
      networkId: BigInt(options.chainId),
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => undefined },
    { subscriptionCallback: () => undefined },
    new edr.ContractDecoder(),
  );
}

/** A JSON-RPC error as viem reads it: code 3 with the revert bytes, so it decodes `GS0xx` and `Error(string)`. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface EdrError {
  code: number;
  message: string;
  data?: unknown;
}

/** EDR reports a revert as -32000 with the bytes at `data` or `data.data`; viem expects code 3. */
function revertBytes(error: EdrError): Hex | undefined {
  const { data } = error;
  if (typeof data === 'string' && data.startsWith('0x')) return data as Hex;
  const nested = (data as { data?: unknown } | undefined)?.data;
  return typeof nested === 'string' && nested.startsWith('0x') ? (nested as Hex) : undefined;
}

function toRpcError(error: EdrError): RpcError {
  const bytes = revertBytes(error);
  if (bytes !== undefined || /revert/i.test(error.message)) return new RpcError(error.message, 3, bytes ?? '0x');
  return new RpcError(error.message, error.code, error.data);
}

/** One JSON-RPC call to the chain: its result, or an RpcError. */
export async function rpc<T = unknown>(provider: edr.Provider, method: string, params: unknown[] = []): Promise<T> {
  const response = await provider.handleRequest(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  const body = (typeof response.data === 'string' ? JSON.parse(response.data) : response.data) as { result?: T; error?: EdrError };
  if (body.error) throw toRpcError(body.error);
  return body.result as T;
}

/** The chain as an EIP-1193 provider, for viem's `custom` transport (with `retryCount: 0`: a revert is final). */
export const eip1193 = (provider: edr.Provider): { request: EIP1193RequestFn } => ({
  request: (({ method, params }: { method: string; params?: unknown }) =>
    rpc(provider, method, (params as unknown[] | undefined) ?? [])) as EIP1193RequestFn,
});
