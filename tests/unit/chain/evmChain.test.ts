// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainAdapter, MultisigChain } from '../../../server/chain/adapter';
import { devnetAccount, type Devnet } from '../../../server/chain/evm/devnet';
import { safeTransaction, safeTypedData, type SafeTransaction } from '../../../server/chain/evm/safe';
import { ChainRegistry, devnetChainId } from '../../../server/chain/registry';
import { transferTransaction } from '../../../server/chain/evm/safeTransfer';
import { WATCHED_TOPICS_MAX } from '../../../server/chain/evm/evmChain';
import { encodeFunctionData, erc20Abi } from 'viem';
import { serveOverHttp } from '../../support/rpcServer';

// The adapter as the platform's modules use it (docs/chains.md "The adapter"), over the embedded devnet
// and over an RPC URL (the same devnet behind a small JSON-RPC server).
const ETHEREUM = { chainId: 1, family: 'evm' as const, rpcUrl: 'https://eth.example-rpc.net' };
const TRON = { chainId: 728126428, family: 'tron' as const, rpcUrl: 'https://tron.example-rpc.net' };
const USDT: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((name) => devnetAccount(`adapter ${name}`));
const DEPOSIT: Address = getAddress('0x00000000000000000000000000000000000d0d0d');
const ELSEWHERE: Address = getAddress('0x00000000000000000000000000000000000e0e0e');

let registry: ChainRegistry;
let chain: ChainAdapter;
let multisig: MultisigChain;
let devnet: Devnet;
let safe: Address;

const signatures = (transaction: SafeTransaction, signers: LocalAccount[]) =>
  Promise.all(
    signers.map(async (s) => ({
      signer: s.address,
      signature: await s.signTypedData(safeTypedData(chain.signingChainId, safe, transaction)),
    })),
  );
const usdtTransfer = (to: Address, amount: bigint, nonce: bigint) =>
  safeTransaction(USDT, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }), nonce);

beforeAll(async () => {
  registry = new ChainRegistry({ mode: 'devnet', devnetDir: null, relayerKey: null }, async () => [
    { address: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6 },
  ]);
  chain = await registry.adapterFor(ETHEREUM);
  devnet = await registry.devnetOf(1);
  multisig = chain.multisig as MultisigChain;
  ({ address: safe } = await multisig.create([alice.address, bob.address, carol.address], 2, 7n));
  await devnet.mint(USDT, safe, 500_000_000n);
}, 60_000);

describe('the EVM adapter on the devnet', () => {
  it('runs under a chain id of its own, never the real network’s', () => {
    expect(chain.mode).toBe('devnet');
    expect(chain.signingChainId).toBe(devnetChainId(1));
    expect(chain.signingChainId).not.toBe(1);
  });

  it('deploys a Safe with the owners and threshold asked, and reads them back', async () => {
    expect(await multisig.state(safe)).toEqual({ owners: [alice.address, bob.address, carol.address], threshold: 2, nonce: 0n });
    expect(await multisig.state(ELSEWHERE)).toBeNull();
  });

  it('asked again for the same Safe, finds it and sends nothing; another threshold is another Safe', async () => {
    const head = await chain.headBlock();
    expect(await multisig.create([alice.address, bob.address, carol.address], 2, 7n)).toEqual({ address: safe, txHash: null });
    expect(await chain.headBlock()).toBe(head);
    const other = await multisig.create([alice.address, bob.address, carol.address], 3, 7n);
    expect(other.address).not.toBe(safe);
    expect(other.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await multisig.state(other.address))?.threshold).toBe(3);
  });

  it('executes with a quorum and reports block, gas and fee; refuses below it without spending gas', async () => {
    const relayerBefore = await chain.balanceOf(devnet.relayer.address, null);
    const lone = usdtTransfer(ELSEWHERE, 1n, 0n);
    expect(await multisig.execute(safe, lone, await signatures(lone, [bob]))).toEqual({ outcome: 'refused', reason: 'GS020' });
    expect(await chain.balanceOf(devnet.relayer.address, null)).toBe(relayerBefore);

    const transfer = usdtTransfer(ELSEWHERE, 200_000_000n, 0n);
    const execution = await multisig.execute(safe, transfer, await signatures(transfer, [carol, bob]));
    expect(execution.outcome).toBe('executed');
    if (execution.outcome !== 'executed') return;
    expect(execution.gasUsed).toBeGreaterThan(21_000n);
    expect(execution.fee).toBeGreaterThan(0n);
    expect(await chain.balanceOf(safe, USDT)).toBe(300_000_000n);
    expect(await chain.balanceOf(ELSEWHERE, USDT)).toBe(200_000_000n);
    expect(await chain.balanceOf(devnet.relayer.address, null)).toBe(relayerBefore - execution.fee);
    expect(await chain.transaction(execution.txHash)).toMatchObject({
      status: 'success',
      blockNumber: execution.blockNumber,
      gasUsed: execution.gasUsed,
      fee: execution.fee,
    });
    // The same signatures again: the Safe's nonce has moved on.
    expect(await multisig.execute(safe, transfer, await signatures(transfer, [carol, bob]))).toMatchObject({ outcome: 'refused' });
  });

  it('a payment and its fee go in one Safe transaction: both or neither', async () => {
    const FEE_WALLET = getAddress('0x00000000000000000000000000000000000fee00');
    const nonce = (await multisig.state(safe))!.nonce;
    const both = transferTransaction(
      [
        { to: ELSEWHERE, token: USDT, amount: 10_000_000n },
        { to: FEE_WALLET, token: USDT, amount: 2_000_000n },
      ],
      nonce,
    );
    expect(both.operation).toBe(1);
    const before = await chain.balanceOf(ELSEWHERE, USDT);
    expect((await multisig.execute(safe, both, await signatures(both, [alice, carol]))).outcome).toBe('executed');
    expect(await chain.balanceOf(ELSEWHERE, USDT)).toBe(before + 10_000_000n);
    expect(await chain.balanceOf(FEE_WALLET, USDT)).toBe(2_000_000n);
    // More than the Safe holds, with a fee it could pay: the whole batch is refused, the fee included.
    const tooMuch = transferTransaction(
      [
        { to: ELSEWHERE, token: USDT, amount: 10n ** 12n },
        { to: FEE_WALLET, token: USDT, amount: 1n },
      ],
      nonce + 1n,
    );
    expect((await multisig.execute(safe, tooMuch, await signatures(tooMuch, [alice, carol]))).outcome).toBe('refused');
    expect(await chain.balanceOf(FEE_WALLET, USDT)).toBe(2_000_000n);
    // The native coin, alone: a plain call with value.
    await devnet.fund(safe, 10n ** 18n);
    const coin = transferTransaction([{ to: ELSEWHERE, token: null, amount: 10n ** 17n }], nonce + 1n);
    expect(coin.operation).toBe(0);
    expect((await multisig.execute(safe, coin, await signatures(coin, [bob, carol]))).outcome).toBe('executed');
    expect(await chain.balanceOf(ELSEWHERE, null)).toBe(10n ** 17n);
  });

  it('finds token and native transfers into watched addresses, and nothing sent elsewhere', async () => {
    const from = (await chain.headBlock()) + 1n;
    await devnet.mint(USDT, DEPOSIT, 42_000_000n);
    await devnet.mint(USDT, ELSEWHERE, 1n);
    await devnet.fund(DEPOSIT, 10n ** 16n);
    const to = await chain.headBlock();
    const found = await chain.transfersTo([DEPOSIT.toLowerCase()], [USDT], from, to);
    expect(found.map((t) => [t.token, t.to, t.amount])).toEqual([
      [USDT, DEPOSIT, 42_000_000n],
      [null, DEPOSIT, 10n ** 16n],
    ]);
    expect(found[0].blockNumber).toBeLessThan(found[1].blockNumber);
    // Past the topic limit (every order's own address watched) the same transfers, matched in process: not the other address's.
    const many = Array.from({ length: WATCHED_TOPICS_MAX + 500 }, (_, n) => getAddress(`0x${(n + 1).toString(16).padStart(40, 'f')}`));
    const foundAmongMany = await chain.transfersTo([...many, DEPOSIT], [USDT], from, to);
    expect(foundAmongMany.map((t) => [t.token, t.to, t.amount])).toEqual([
      [USDT, DEPOSIT, 42_000_000n],
      [null, DEPOSIT, 10n ** 16n],
    ]);
    expect(await chain.transfersTo(many, [USDT], from, to)).toEqual([]);
  });

  it('a wallet of ours sends tokens and the native coin itself, paying its own gas; more than it holds is refused and costs nothing', async () => {
    const HOT = getAddress('0x00000000000000000000000000000000000a0a0a');
    const wallets = chain.wallets!;
    // The devnet stands in for the key store: it sends for any address of ours.
    expect(wallets.holdsKey(HOT)).toBe(true);
    await devnet.fund(HOT, 10n ** 18n);
    await devnet.mint(USDT, HOT, 5_000_000n);
    const toBefore = await chain.balanceOf(ELSEWHERE, USDT);
    const sent = await wallets.transfer(HOT, ELSEWHERE, USDT, 3_000_000n);
    expect(sent).toMatchObject({ outcome: 'executed', from: HOT });
    if (sent.outcome !== 'executed') return;
    expect(sent.fee).toBeGreaterThan(0n);
    expect(await chain.balanceOf(HOT, USDT)).toBe(2_000_000n);
    expect(await chain.balanceOf(ELSEWHERE, USDT)).toBe(toBefore + 3_000_000n);
    expect(await chain.balanceOf(HOT, null)).toBe(10n ** 18n - sent.fee);
    const coin = await wallets.transfer(HOT, DEPOSIT, null, 10n ** 15n);
    expect(coin.outcome).toBe('executed');
    if (coin.outcome !== 'executed') return;
    expect(await chain.balanceOf(HOT, null)).toBe(10n ** 18n - sent.fee - 10n ** 15n - coin.fee);
    const held = await chain.balanceOf(HOT, null);
    expect(await wallets.transfer(HOT, ELSEWHERE, USDT, 2_000_001n)).toMatchObject({ outcome: 'refused' });
    expect(await chain.balanceOf(HOT, USDT)).toBe(2_000_000n);
    expect(await chain.balanceOf(HOT, null)).toBe(held);
  });

  it('TRON is simulated: no multisig contract, no wallet transfers, and it says so', async () => {
    const tron = await registry.adapterFor(TRON);
    expect(tron.mode).toBe('simulated');
    expect(tron.multisig).toBeNull();
    expect(tron.wallets).toBeNull();
    await expect(tron.balanceOf('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null)).rejects.toThrow(/simulated/);
  });
});

describe('the EVM adapter over an RPC URL', () => {
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ url, close } = await serveOverHttp(devnet.provider));
  });
  afterAll(() => close());

  it('refuses to start without the relayer’s key, or when the URL answers another chain id', async () => {
    await expect(
      new ChainRegistry({ mode: 'rpc', devnetDir: null, relayerKey: null }, async () => []).adapterFor({ ...ETHEREUM, rpcUrl: url }),
    ).rejects.toThrow(/RELAYER_PRIVATE_KEY/);
    const key = `0x${'11'.repeat(32)}` as Hex;
    await expect(
      new ChainRegistry({ mode: 'rpc', devnetDir: null, relayerKey: key }, async () => []).adapterFor({ ...ETHEREUM, rpcUrl: url }),
    ).rejects.toThrow(/answers chain id 900000001/);
  });

  it('reads the same chain through the URL that answers the row’s chain id', async () => {
    const key = `0x${'22'.repeat(32)}` as Hex;
    const overRpc = await new ChainRegistry({ mode: 'rpc', devnetDir: null, relayerKey: key }, async () => []).adapterFor({
      chainId: devnetChainId(1),
      family: 'evm',
      rpcUrl: url,
    });
    expect(overRpc.mode).toBe('rpc');
    expect(await overRpc.balanceOf(safe, USDT)).toBe(await chain.balanceOf(safe, USDT));
    expect(await overRpc.multisig?.state(safe)).toEqual(await multisig.state(safe));
  });

  it('sends only from the wallets whose keys it was given (WALLET_KEYS); any other wallet is refused before anything is sent', async () => {
    const walletKey = `0x${'44'.repeat(32)}` as Hex;
    const keyed = privateKeyToAccount(walletKey).address;
    const unkeyed = getAddress('0x00000000000000000000000000000000000a0a0b');
    await devnet.fund(keyed, 10n ** 18n);
    await devnet.fund(unkeyed, 10n ** 18n);
    const relayerKey = `0x${'33'.repeat(32)}` as Hex;
    const overRpc = await new ChainRegistry(
      { mode: 'rpc', devnetDir: null, relayerKey, walletKeys: [walletKey] },
      async () => [],
    ).adapterFor({ chainId: devnetChainId(1), family: 'evm', rpcUrl: url });
    expect(overRpc.wallets?.holdsKey(keyed.toLowerCase())).toBe(true);
    const sent = await overRpc.wallets?.transfer(keyed, ELSEWHERE, null, 10n ** 16n);
    expect(sent).toMatchObject({ outcome: 'executed', from: keyed });
    expect(overRpc.wallets?.holdsKey(unkeyed)).toBe(false);
    const head = await overRpc.headBlock();
    expect(await overRpc.wallets?.transfer(unkeyed, ELSEWHERE, null, 1n)).toEqual({ outcome: 'refused', reason: 'noKey' });
    expect(await overRpc.headBlock()).toBe(head);
    expect(await overRpc.balanceOf(unkeyed, null)).toBe(10n ** 18n);
  });
});
