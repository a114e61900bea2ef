// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, keccak256, stringToHex, type Address, type Hex, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { ChainAdapter, MultisigChain } from '../../../server/chain/adapter';
import { devnetAccount, type Devnet } from '../../../server/chain/evm/devnet';
import { rpc } from '../../../server/chain/evm/edrProvider';
import { revertReasonOf } from '../../../server/chain/evm/evmChain';
import {
  encodeAnnounceEscape,
  ESCAPE_DELAY_SECONDS,
  GUARD_STORAGE_SLOT,
  guardAbi,
  guardAddressOf,
} from '../../../server/chain/evm/executionGuard';
import {
  encodeExecTransaction,
  packSignatures,
  safeAbi,
  safeTransaction,
  safeTypedData,
  type SafeTransaction,
} from '../../../server/chain/evm/safe';
import { ChainRegistry, devnetChainId } from '../../../server/chain/registry';
import { serveOverHttp } from '../../support/rpcServer';

// The execution guard (docs/chains.md "The execution guard"): Safe signatures leak (a log, an export,
// a signer's screen), so the Safe itself must refuse an execution the platform did not send. Tried as an
// outsider and as an owner would, on the embedded devnet and on an independent node reached by its RPC
// URL with a relayer key of its own.
const ETHEREUM = { chainId: 1, family: 'evm' as const, rpcUrl: 'https://eth.example-rpc.net' };
const USDT: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((name) => devnetAccount(`guard ${name}`));
/** Reads the audit log's CSV; knows every key derivation of the devnet but not a random relayer's. */
const mallory = privateKeyToAccount(keccak256(stringToHex('guard mallory')));
const DESTINATION: Address = getAddress('0x00000000000000000000000000000000000d1d1d');

let devnet: Devnet;
let closeRpc: () => Promise<void>;
const setups: Array<{ name: string; chain: ChainAdapter; relayer: Address; safe: Address }> = [];

const signatures = (chain: ChainAdapter, safe: Address, transaction: SafeTransaction, signers: LocalAccount[]) =>
  Promise.all(
    signers.map(async (s) => ({
      signer: s.address,
      signature: await s.signTypedData(safeTypedData(chain.signingChainId, safe, transaction)),
    })),
  );
const usdtTransfer = (amount: bigint, nonce: bigint) =>
  safeTransaction(USDT, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DESTINATION, amount] }), nonce);
const nonceOf = (safe: Address) => devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }) as Promise<bigint>;
const usdtOf = (owner: Address) => devnet.client.readContract({ address: USDT, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

/** `execTransaction` sent by `sender` itself, as anyone may call it: the revert reason, or 'executed'. */
async function executeAs(
  sender: LocalAccount,
  safe: Address,
  transaction: SafeTransaction,
  signed: ReadonlyArray<{ signer: Address; signature: Hex }>,
): Promise<string> {
  try {
    const { receipt } = await devnet.send(sender, { to: safe, data: encodeExecTransaction(transaction, packSignatures(signed)) });
    return receipt.status === 'success' ? 'executed' : 'reverted';
  } catch (error) {
    return revertReasonOf(error);
  }
}

beforeAll(async () => {
  const devnetRegistry = new ChainRegistry({ mode: 'devnet', devnetDir: null, relayerKey: null }, async () => [
    { address: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6 },
  ]);
  const onDevnet = await devnetRegistry.adapterFor(ETHEREUM);
  devnet = await devnetRegistry.devnetOf(1);
  let url: string;
  ({ url, close: closeRpc } = await serveOverHttp(devnet.provider));
  // rpc mode: a relayer whose key nobody else has, as in production (RELAYER_PRIVATE_KEY).
  const relayerKey = generatePrivateKey();
  const relayer = privateKeyToAccount(relayerKey).address;
  await devnet.fund(relayer, 10n ** 19n);
  const overRpc = await new ChainRegistry({ mode: 'rpc', devnetDir: null, relayerKey }, async () => []).adapterFor({
    chainId: devnetChainId(1),
    family: 'evm',
    rpcUrl: url,
  });
  for (const [name, chain, relayerAddress] of [
    ['devnet', onDevnet, devnet.relayer.address],
    ['rpc', overRpc, relayer],
  ] as const) {
    const { address } = await (chain.multisig as MultisigChain).create([alice.address, bob.address, carol.address], 2, 31n);
    await devnet.mint(USDT, address, 1_000_000n);
    setups.push({ name, chain, relayer: relayerAddress, safe: address });
  }
  for (const account of [mallory, alice, bob]) await devnet.fund(account.address, 10n ** 18n);
}, 60_000);
afterAll(() => closeRpc());

describe('the execution guard', () => {
  it('is installed by the Safe’s setup, one guard per relayer, each at the address the relayer fixes', async () => {
    const [onDevnet, overRpc] = setups;
    expect(onDevnet.safe).not.toBe(overRpc.safe);
    for (const { relayer, safe } of setups) {
      const guard = guardAddressOf(relayer);
      // Safe 1.4.1 keeps its guard at keccak256("guard_manager.guard.address").
      const slot = await devnet.client.getStorageAt({ address: safe, slot: GUARD_STORAGE_SLOT });
      expect(getAddress(`0x${(slot ?? '0x').slice(-40)}`)).toBe(guard);
      expect(await devnet.client.readContract({ address: guard, abi: guardAbi, functionName: 'relayer' })).toBe(relayer);
      expect(
        await devnet.client.readContract({ address: guard, abi: guardAbi, functionName: 'supportsInterface', args: ['0xe6d7a83a'] }),
      ).toBe(true);
    }
  });

  it.each([0, 1])(
    'a threshold of leaked signatures is refused to an outsider and to an owner, and executes only through the platform (setup %i)',
    async (index) => {
      const { chain, safe } = setups[index];
      const transaction = usdtTransfer(400_000n, await nonceOf(safe));
      const leaked = await signatures(chain, safe, transaction, [alice, bob]);
      expect(await executeAs(mallory, safe, transaction, leaked)).toMatch(/RG001/);
      // An owner holding the others' signatures is no relayer either.
      expect(await executeAs(alice, safe, transaction, leaked)).toMatch(/RG001/);
      expect(await usdtOf(safe)).toBe(1_000_000n);
      expect(await nonceOf(safe)).toBe(transaction.nonce);

      expect(await (chain.multisig as MultisigChain).execute(safe, transaction, leaked)).toMatchObject({ outcome: 'executed' });
      expect(await usdtOf(safe)).toBe(600_000n);
    },
  );

  it('signatures given ahead at the next nonce are worthless after their proposal executed: replayed by an outsider, refused', async () => {
    const { chain, safe } = setups[1];
    // Signed for nonce n (its own) and n+1 (in case it ends up there); it executed at n.
    const at = await nonceOf(safe);
    const own = usdtTransfer(100_000n, at);
    const ahead = usdtTransfer(100_000n, at + 1n);
    const ownSigned = await signatures(chain, safe, own, [bob, carol]);
    const aheadSigned = await signatures(chain, safe, ahead, [bob, carol]);
    expect(await (chain.multisig as MultisigChain).execute(safe, own, ownSigned)).toMatchObject({ outcome: 'executed' });
    const left = await usdtOf(safe);
    expect(await executeAs(mallory, safe, ahead, aheadSigned)).toMatch(/RG001/);
    expect(await usdtOf(safe)).toBe(left);
  });

  it('owners escape the platform only after an owner announced it and the delay passed; an outsider never', async () => {
    const { chain, safe, relayer } = setups[0];
    const guard = guardAddressOf(relayer);
    await expect(devnet.send(mallory, { to: guard, data: encodeAnnounceEscape(safe) })).rejects.toThrow(/RG003/);
    const announced = await devnet.send(alice, { to: guard, data: encodeAnnounceEscape(safe) });
    expect(announced.receipt.status).toBe('success');
    const opensAt = (await devnet.client.readContract({
      address: guard,
      abi: guardAbi,
      functionName: 'escapeOpensAt',
      args: [safe],
    })) as bigint;
    const block = await devnet.client.getBlock({ blockNumber: announced.receipt.blockNumber });
    expect(opensAt).toBe(block.timestamp + ESCAPE_DELAY_SECONDS);

    const transaction = usdtTransfer(50_000n, await nonceOf(safe));
    const signed = await signatures(chain, safe, transaction, [alice, bob]);
    const before = await usdtOf(safe);
    // Within the delay: still only the relayer.
    expect(await executeAs(alice, safe, transaction, signed)).toMatch(/RG001/);
    await rpc(devnet.provider, 'evm_increaseTime', [Number(ESCAPE_DELAY_SECONDS)]);
    // After it: an owner executes with the Safe's quorum; an outsider holding the same signatures still cannot.
    expect(await executeAs(mallory, safe, transaction, signed)).toMatch(/RG001/);
    expect(await executeAs(bob, safe, transaction, signed)).toBe('executed');
    expect(await usdtOf(safe)).toBe(before - 50_000n);
    // The quorum still holds during an escape.
    const lone = usdtTransfer(1n, await nonceOf(safe));
    expect(await executeAs(bob, safe, lone, await signatures(chain, safe, lone, [bob]))).toBe('GS020');
  });
});
