import { createRequire } from 'node:module';
import {
  concatHex,
  decodeFunctionResult,
  encodeAbiParameters,
  keccak256,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  hashTypedData,
  toFunctionSelector,
  zeroAddress,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from 'viem';

/**
 * Safe 1.4.1, the multisig contract of EVM wallets (docs/chains.md "Multisig wallets are Safes"):
 * the canonical, audited build from `@safe-global/safe-contracts`, at the addresses it has on every
 * public chain, and what the platform encodes for it.
 */
interface Artifact {
  abi: Abi;
  bytecode: Hex;
}
const require = createRequire(import.meta.url);
const artifact = (path: string): Artifact => require(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`) as Artifact;

const SAFE_L2 = artifact('SafeL2.sol/SafeL2.json');
const PROXY_FACTORY = artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json');
const FALLBACK_HANDLER = artifact('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json');
const MULTI_SEND_CALL_ONLY = artifact('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json');
const PROXY = artifact('proxies/SafeProxy.sol/SafeProxy.json');

export const safeAbi = SAFE_L2.abi;
export const proxyFactoryAbi = PROXY_FACTORY.abi;

/**
 * The Safe Singleton Factory: a CREATE2 deployer whose code the devnet has from genesis. Safe's
 * contracts deployed through it with a zero salt land on their canonical addresses.
 */
export const SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';
export const SINGLETON_FACTORY_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** Where each contract lands: CREATE2 of the factory, salt 0, its creation code. */
const canonical = (contract: Artifact): Address =>
  getContractAddress({ opcode: 'CREATE2', from: SINGLETON_FACTORY, salt: zeroHash, bytecode: contract.bytecode });

/**
 * The L2 flavour of the singleton: it emits an event for every Safe transaction, so outgoing
 * native transfers (internal calls, invisible in a block's transactions) can be followed from logs.
 */
export const SAFE_ADDRESSES = {
  singleton: canonical(SAFE_L2),
  proxyFactory: canonical(PROXY_FACTORY),
  fallbackHandler: canonical(FALLBACK_HANDLER),
  multiSendCallOnly: canonical(MULTI_SEND_CALL_ONLY),
} as const;

/** The transactions that deploy Safe 1.4.1 on a chain that has the factory (sent once, by the devnet). */
export const safeDeployments = (): Array<{ to: Address; data: Hex }> =>
  [SAFE_L2, PROXY_FACTORY, FALLBACK_HANDLER, MULTI_SEND_CALL_ONLY].map((contract) => ({
    to: SINGLETON_FACTORY,
    data: concatHex([zeroHash, contract.bytecode]),
  }));

/** The owners in the order the Safe takes them: a Safe refuses a duplicate, and its address depends on the order. */
const ownerList = (owners: readonly Address[]): Address[] => owners.map((o) => getAddress(o));

/** RelayerGuard's `install()` (server/chain/evm/executionGuard.ts), by its selector: this file stays free of the guard's artifact. */
const GUARD_INSTALL_CALL: Hex = toFunctionSelector('function install()');

/**
 * The Safe's setup: its owners and threshold, the compatibility fallback handler, and the execution
 * guard (docs/chains.md "The execution guard"), which the setup installs by delegate-calling the
 * guard's `install` (the `to`/`data` Safe's setup runs once, as the Safe).
 */
const setupData = (owners: readonly Address[], threshold: number, guard: Address): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      ownerList(owners),
      BigInt(threshold),
      getAddress(guard),
      GUARD_INSTALL_CALL,
      SAFE_ADDRESSES.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });

/**
 * `createProxyWithNonce`: a Safe of these owners and threshold, guarded by `guard`, at an address
 * fixed by them and the salt.
 */
export function encodeCreateSafe(
  owners: readonly Address[],
  threshold: number,
  saltNonce: bigint,
  guard: Address,
): { to: Address; data: Hex } {
  return {
    to: SAFE_ADDRESSES.proxyFactory,
    data: encodeFunctionData({
      abi: proxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [SAFE_ADDRESSES.singleton, setupData(owners, threshold, guard), saltNonce],
    }),
  };
}

/** Where `encodeCreateSafe` of the same arguments puts the Safe, computed here (CREATE2 of the proxy factory). */
export function safeAddressOf(owners: readonly Address[], threshold: number, saltNonce: bigint, guard: Address): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: SAFE_ADDRESSES.proxyFactory,
    salt: keccak256(concatHex([keccak256(setupData(owners, threshold, guard)), encodeAbiParameters([{ type: 'uint256' }], [saltNonce])])),
    bytecode: concatHex([PROXY.bytecode, encodeAbiParameters([{ type: 'address' }], [SAFE_ADDRESSES.singleton])]),
  });
}

/** The address `createProxyWithNonce` answers, from an `eth_call` of the same data. */
export const decodeCreatedSafe = (result: Hex): Address =>
  getAddress(decodeFunctionResult({ abi: proxyFactoryAbi, functionName: 'createProxyWithNonce', data: result }) as Address);

/** A Safe transaction: what every owner signs (EIP-712), and what `execTransaction` carries. */
export interface SafeTransaction {
  to: Address;
  value: bigint;
  data: Hex;
  /**
   * 0: a call. 1 (a delegate call, which runs the callee's code as the Safe) only ever to the
   * canonical MultiSendCallOnly, to batch calls of the Safe to itself (`governanceTransaction`).
   */
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** No refund, no gas token: the relayer pays the gas, and the ledger books it (docs/ledger.md). */
export const safeTransaction = (to: Address, value: bigint, data: Hex, nonce: bigint): SafeTransaction => ({
  to: getAddress(to),
  value,
  data,
  operation: 0,
  safeTxGas: 0n,
  baseGas: 0n,
  gasPrice: 0n,
  gasToken: zeroAddress,
  refundReceiver: zeroAddress,
  nonce,
});

/** The typed data an owner signs; Safe 1.4.1's domain is the chain id and the Safe, nothing else. */
export const safeTypedData = (chainId: number, safe: Address, transaction: SafeTransaction) => ({
  domain: { chainId, verifyingContract: getAddress(safe) },
  types: SAFE_TX_TYPES,
  primaryType: 'SafeTx' as const,
  message: transaction,
});

/** What the Safe computes as `getTransactionHash` for this transaction. */
export const safeTransactionHash = (chainId: number, safe: Address, transaction: SafeTransaction): Hex =>
  hashTypedData(safeTypedData(chainId, safe, transaction));

/** The signatures as `execTransaction` takes them: 65 bytes each, by owner address ascending. */
export function packSignatures(signatures: ReadonlyArray<{ signer: Address; signature: Hex }>): Hex {
  const sorted = [...signatures].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : BigInt(a.signer) > BigInt(b.signer) ? 1 : 0));
  return concatHex(sorted.map((s) => s.signature));
}

export const encodeExecTransaction = (transaction: SafeTransaction, signatures: Hex): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      transaction.to,
      transaction.value,
      transaction.data,
      transaction.operation,
      transaction.safeTxGas,
      transaction.baseGas,
      transaction.gasPrice,
      transaction.gasToken,
      transaction.refundReceiver,
      signatures,
    ],
  });

/** The linked list's head: `removeOwner` names the owner before the one removed. */
const SENTINEL_OWNERS: Address = '0x0000000000000000000000000000000000000001';

/** Governance, as calls of the Safe to itself (to = the Safe), each one a Safe transaction of its own. */
export const governanceCall = {
  addOwner: (owner: Address, threshold: number): Hex =>
    encodeFunctionData({ abi: safeAbi, functionName: 'addOwnerWithThreshold', args: [getAddress(owner), BigInt(threshold)] }),
  /** `owners` as `getOwners()` answers them, the order the linked list keeps. */
  removeOwner: (owners: readonly Address[], owner: Address, threshold: number): Hex => {
    const index = owners.findIndex((o) => getAddress(o) === getAddress(owner));
    if (index < 0) throw new Error(`${owner} is not an owner of this Safe`);
    const previous = index === 0 ? SENTINEL_OWNERS : getAddress(owners[index - 1]);
    return encodeFunctionData({ abi: safeAbi, functionName: 'removeOwner', args: [previous, getAddress(owner), BigInt(threshold)] });
  },
  changeThreshold: (threshold: number): Hex =>
    encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [BigInt(threshold)] }),
};
