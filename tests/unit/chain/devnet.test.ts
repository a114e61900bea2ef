// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseError, ContractFunctionRevertedError, getAddress, type Address, type Hex, type LocalAccount } from 'viem';
import { Devnet, devnetAccount, tokenAbi } from '../../../server/chain/evm/devnet';
import { randomDevnetKeys } from '../../../server/chain/evm/devnetKeys';
import {
  decodeCreatedSafe,
  encodeCreateSafe,
  encodeExecTransaction,
  governanceCall,
  packSignatures,
  safeAbi,
  SAFE_ADDRESSES,
  safeTransaction,
  safeAddressOf,
  safeTransactionHash,
  safeTypedData,
  type SafeTransaction,
} from '../../../server/chain/evm/safe';
import { encodeFunctionData } from 'viem';
import { governanceTransaction } from '../../../server/chain/evm/safeBatch';
import { guardAddressOf, guardDeployment } from '../../../server/chain/evm/executionGuard';

// The embedded devnet with the real Safe 1.4.1 contracts (docs/chains.md): the quorum is the
// contract's, so these tests are the ones an insider would try against it.
const CHAIN_ID = 1;
const USDT: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const [alice, bob, carol, mallory] = ['alice', 'bob', 'carol', 'mallory'].map((name) => devnetAccount(`test ${name}`));
const RECIPIENT: Address = getAddress('0x00000000000000000000000000000000000b0b0b');

let folder: string;
let journalFile: string;
let devnet: Devnet;
let safe: Address;
const keys = randomDevnetKeys();
const RELAYER = keys.relayer;
const FAUCET = keys.faucet;
const guard = guardAddressOf(RELAYER.address);

const read = <T>(address: Address, abi: typeof safeAbi, functionName: string, args: unknown[] = []) =>
  devnet.client.readContract({ address, abi, functionName, args }) as Promise<T>;
const usdtOf = (owner: Address) => read<bigint>(USDT, tokenAbi, 'balanceOf', [owner]);

async function createSafe(owners: Address[], threshold: number, saltNonce: bigint): Promise<Address> {
  const create = encodeCreateSafe(owners, threshold, saltNonce, guard);
  const { data } = await devnet.client.call({ account: RELAYER.address, ...create });
  const address = decodeCreatedSafe(data as Hex);
  expect(safeAddressOf(owners, threshold, saltNonce, guard)).toBe(address);
  expect((await devnet.send(RELAYER, create)).receipt.status).toBe('success');
  return address;
}

async function signedBy(transaction: SafeTransaction, signers: LocalAccount[]): Promise<Hex> {
  const signatures = await Promise.all(
    signers.map(async (s) => ({ signer: s.address, signature: await s.signTypedData(safeTypedData(CHAIN_ID, safe, transaction)) })),
  );
  return packSignatures(signatures);
}

const nonceOf = (address: Address) => read<bigint>(address, safeAbi, 'nonce');
const transferOut = async (amount: bigint) =>
  safeTransaction(
    USDT,
    0n,
    encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [RECIPIENT, amount] }),
    await nonceOf(safe),
  );

/** The Safe's revert reason (`GS020`…), as the relayer hears it before sending anything. */
async function refusal(transaction: SafeTransaction, signatures: Hex): Promise<string | undefined> {
  try {
    await devnet.send(RELAYER, { to: safe, data: encodeExecTransaction(transaction, signatures) });
  } catch (error) {
    const reverted = (error as BaseError).walk?.((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
    if (reverted?.reason) return reverted.reason;
    return (error as Error).message.match(/GS\d{3}/)?.[0];
  }
  return undefined;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'devnet-'));
  journalFile = join(folder, 'chain-1.jsonl');
  devnet = await Devnet.start({
    chainId: CHAIN_ID,
    journalFile,
    tokens: [{ address: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6 }],
    keys,
  });
  // Every platform Safe carries the relayer's execution guard (tests/unit/chain/executionGuard.test.ts).
  expect((await devnet.send(RELAYER, guardDeployment(RELAYER.address))).receipt.status).toBe('success');
  safe = await createSafe([alice.address, bob.address, carol.address], 2, 1n);
  await devnet.mint(USDT, safe, 1_000_000_000n);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded devnet', () => {
  it('has Safe 1.4.1 on its canonical addresses, and the token at its configured address', async () => {
    expect(SAFE_ADDRESSES).toEqual({
      singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
      proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
      fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
      multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
    });
    for (const address of Object.values(SAFE_ADDRESSES)) expect(await devnet.client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(await read<string>(USDT, tokenAbi, 'symbol')).toBe('USDT');
    expect(await read<number>(USDT, tokenAbi, 'decimals')).toBe(6);
    expect(await devnet.client.getChainId()).toBe(CHAIN_ID);
  });

  it('a 2-of-3 Safe moves tokens with two owners’ signatures, and the hash signed is the one the Safe computes', async () => {
    const transaction = await transferOut(250_000_000n);
    const onChain = await read<Hex>(safe, safeAbi, 'getTransactionHash', [
      transaction.to,
      transaction.value,
      transaction.data,
      transaction.operation,
      transaction.safeTxGas,
      transaction.baseGas,
      transaction.gasPrice,
      transaction.gasToken,
      transaction.refundReceiver,
      transaction.nonce,
    ]);
    expect(safeTransactionHash(CHAIN_ID, safe, transaction)).toBe(onChain);
    const { receipt } = await devnet.send(RELAYER, {
      to: safe,
      data: encodeExecTransaction(transaction, await signedBy(transaction, [carol, alice])),
    });
    expect(receipt.status).toBe('success');
    expect(await usdtOf(RECIPIENT)).toBe(250_000_000n);
    expect(await usdtOf(safe)).toBe(750_000_000n);
  });

  it('one owner alone, an outsider with an owner, a signature twice, or a changed amount move nothing', async () => {
    const transaction = await transferOut(1_000_000n);
    expect(await refusal(transaction, await signedBy(transaction, [alice]))).toBe('GS020');
    expect(await refusal(transaction, await signedBy(transaction, [alice, mallory]))).toBe('GS026');
    const twice = await signedBy(transaction, [alice]);
    expect(await refusal(transaction, `${twice}${twice.slice(2)}` as Hex)).toBe('GS026');
    // Signed for 1 USDT, sent for the whole balance: the signatures no longer match.
    const raised = {
      ...transaction,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [RECIPIENT, 750_000_000n] }),
    };
    expect(await refusal(raised, await signedBy(transaction, [alice, bob]))).toMatch(/^GS02\d$/);
    expect(await usdtOf(safe)).toBe(750_000_000n);
    expect(await nonceOf(safe)).toBe(transaction.nonce);
  });

  it('owners and threshold change only through the Safe itself, with its quorum', async () => {
    const add = safeTransaction(safe, 0n, governanceCall.addOwner(mallory.address, 3), await nonceOf(safe));
    expect(
      (await devnet.send(RELAYER, { to: safe, data: encodeExecTransaction(add, await signedBy(add, [alice, bob])) })).receipt.status,
    ).toBe('success');
    expect(await read<Address[]>(safe, safeAbi, 'getOwners')).toEqual([mallory.address, alice.address, bob.address, carol.address]);
    expect(await read<bigint>(safe, safeAbi, 'getThreshold')).toBe(3n);
    const owners = await read<Address[]>(safe, safeAbi, 'getOwners');
    const remove = safeTransaction(safe, 0n, governanceCall.removeOwner(owners, mallory.address, 2), await nonceOf(safe));
    // The threshold is 3 now: two signatures no longer do.
    expect(await refusal(remove, await signedBy(remove, [alice, bob]))).toBe('GS020');
    expect(
      (await devnet.send(RELAYER, { to: safe, data: encodeExecTransaction(remove, await signedBy(remove, [alice, bob, carol])) })).receipt
        .status,
    ).toBe('success');
    expect(await read<Address[]>(safe, safeAbi, 'getOwners')).toEqual([alice.address, bob.address, carol.address]);
    expect(await read<bigint>(safe, safeAbi, 'getThreshold')).toBe(2n);
  });

  it('a whole new signer set and threshold is one batched Safe transaction, with the quorum in force', async () => {
    const [dave, erin] = ['dave', 'erin'].map((name) => devnetAccount(`test ${name}`));
    const owners = await read<Address[]>(safe, safeAbi, 'getOwners');
    const change = governanceTransaction(safe, owners, 2, [bob.address, carol.address, dave.address, erin.address], 3, await nonceOf(safe));
    expect(change.operation).toBe(1);
    expect(await refusal(change, await signedBy(change, [bob]))).toBe('GS020');
    expect(
      (await devnet.send(RELAYER, { to: safe, data: encodeExecTransaction(change, await signedBy(change, [alice, carol])) })).receipt
        .status,
    ).toBe('success');
    expect(new Set(await read<Address[]>(safe, safeAbi, 'getOwners'))).toEqual(
      new Set([bob.address, carol.address, dave.address, erin.address]),
    );
    expect(await read<bigint>(safe, safeAbi, 'getThreshold')).toBe(3n);
    // And back, now with three of the new owners.
    const back = governanceTransaction(
      safe,
      await read<Address[]>(safe, safeAbi, 'getOwners'),
      3,
      [alice.address, bob.address, carol.address],
      2,
      await nonceOf(safe),
    );
    expect(
      (await devnet.send(RELAYER, { to: safe, data: encodeExecTransaction(back, await signedBy(back, [bob, dave, erin])) })).receipt.status,
    ).toBe('success');
    expect(new Set(await read<Address[]>(safe, safeAbi, 'getOwners'))).toEqual(new Set([alice.address, bob.address, carol.address]));
    expect(await read<bigint>(safe, safeAbi, 'getThreshold')).toBe(2n);
  });

  it('a restart replays the journal: the same blocks, balances and Safe', async () => {
    // Empty blocks (mined while a deposit waits for confirmations) between transactions, and last.
    const emptyAt = await devnet.mineEmpty();
    await devnet.fund(RECIPIENT, 2n);
    await devnet.mineEmpty();
    // A wallet of ours sending without its key in this process (docs/chains.md "Wallet keys").
    const hot = getAddress('0x00000000000000000000000000000000000a0a0a');
    await devnet.fund(hot, 10n ** 18n);
    const fromHot = await devnet.send(hot, { to: RECIPIENT, value: 5n });
    expect(fromHot.receipt.status).toBe('success');
    await devnet.mineEmpty();
    const before = await devnet.client.getBlock();
    const again = await Devnet.start({
      chainId: CHAIN_ID,
      journalFile,
      tokens: [{ address: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6 }],
      keys,
    });
    const after = await again.client.getBlock();
    expect(after.number).toBe(before.number);
    expect(after.hash).toBe(before.hash);
    expect((await again.client.getBlock({ blockNumber: emptyAt })).transactions).toEqual([]);
    expect((await again.client.getBlock({ blockNumber: emptyAt + 1n })).transactions).toHaveLength(1);
    expect(await again.client.readContract({ address: USDT, abi: tokenAbi, functionName: 'balanceOf', args: [safe] })).toBe(750_000_000n);
    expect(new Set((await again.client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })) as Address[])).toEqual(
      new Set([alice.address, bob.address, carol.address]),
    );
    expect(await again.client.getTransaction({ hash: fromHot.hash })).toMatchObject({
      from: hot.toLowerCase(),
      to: RECIPIENT.toLowerCase(),
      value: 5n,
    });
    expect(await again.client.getBalance({ address: RECIPIENT })).toBe(await devnet.client.getBalance({ address: RECIPIENT }));
    // And it goes on from there: the faucet's next nonce is the one after the journal's.
    expect((await again.fund(RECIPIENT, 1n)).receipt.status).toBe('success');
  });

  it('a token added while it runs has its contract at once; a restart that has it among its tokens rebuilds the same blocks', async () => {
    const own = mkdtempSync(join(tmpdir(), 'devnet-token-'));
    try {
      const file = join(own, 'chain-1.jsonl');
      const dai = {
        address: getAddress('0x6B175474E89094C44Da98b954CedeAC495271d0F'),
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        decimals: 18,
      };
      const first = await Devnet.start({ chainId: CHAIN_ID, journalFile: file, tokens: [], keys });
      await first.fund(RECIPIENT, 1n);
      await first.installToken(dai);
      await first.mint(dai.address, RECIPIENT, 7n);
      const before = await first.client.getBlock();
      // The currency is in the books now: the next start is given it, as server/chain/devnetTokens.ts reads them.
      const again = await Devnet.start({ chainId: CHAIN_ID, journalFile: file, tokens: [dai], keys });
      expect((await again.client.getBlock()).hash).toBe(before.hash);
      expect(await again.client.readContract({ address: dai.address, abi: tokenAbi, functionName: 'balanceOf', args: [RECIPIENT] })).toBe(
        7n,
      );
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);

  it('only the faucet mints', async () => {
    await expect(
      devnet.send(RELAYER, { to: USDT, data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [RELAYER.address, 1n] }) }),
    ).rejects.toThrow(/only the minter/);
    expect(await read<bigint>(USDT, tokenAbi, 'balanceOf', [RELAYER.address])).toBe(0n);
    expect(FAUCET.address).not.toBe(RELAYER.address);
  });
});
