import { concatHex, encodeDeployData, encodeFunctionData, getContractAddress, zeroHash, type Abi, type Address, type Hex } from 'viem';
import guardArtifact from './contracts/RelayerGuard.json' with { type: 'json' };
import { SINGLETON_FACTORY } from './safe';

/**
 * The execution guard every platform Safe is created with (docs/chains.md "The execution guard"):
 * RelayerGuard.sol, one per relayer, deployed through the Safe Singleton Factory so its address
 * is fixed by the relayer and the escape delay alone, on the devnet and on any network.
 */
export const guardAbi = guardArtifact.abi as Abi;

/** Safe 1.4.1's `GUARD_STORAGE_SLOT`: where a Safe keeps its guard's address. */
export const GUARD_STORAGE_SLOT: Hex = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';

/** How long after an owner announces an escape the owners may execute without the platform: 14 days. */
export const ESCAPE_DELAY_SECONDS = 14n * 24n * 60n * 60n;

const creationCode = (relayer: Address): Hex =>
  encodeDeployData({ abi: guardAbi, bytecode: guardArtifact.bytecode as Hex, args: [relayer, ESCAPE_DELAY_SECONDS] });

/** Where the guard of this relayer lives: CREATE2 of the factory, salt 0. */
export const guardAddressOf = (relayer: Address): Address =>
  getContractAddress({ opcode: 'CREATE2', from: SINGLETON_FACTORY, salt: zeroHash, bytecode: creationCode(relayer) });

/** The transaction that deploys the guard of this relayer (anyone may send it; the address is the same). */
export const guardDeployment = (relayer: Address): { to: Address; data: Hex } => ({
  to: SINGLETON_FACTORY,
  data: concatHex([zeroHash, creationCode(relayer)]),
});

/** An owner's announcement that, after the delay, the owners execute without the platform. */
export const encodeAnnounceEscape = (safe: Address): Hex =>
  encodeFunctionData({ abi: guardAbi, functionName: 'announceEscape', args: [safe] });
