import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type TestServer } from './harness';
import { ETH_CHAIN, startSignServer, type SignClient, verifyLedger } from './signSupport';
import type { Devnet } from '../../server/chain/evm/devnet';
import {
  encodeExecTransaction,
  governanceCall,
  packSignatures,
  safeAbi,
  safeTransaction,
  safeTypedData,
} from '../../server/chain/evm/safe';
import { encodeAnnounceEscape, ESCAPE_DELAY_SECONDS, guardAddressOf } from '../../server/chain/evm/executionGuard';
import { devnetChainId } from '../../server/chain/registry';
import { demoSigningKey } from '../../src/contract/demoSigningKey';

// The database against the Safes (docs/ledger.md "Verification"): every Safe has on chain the owners
// and threshold its wallet says, which only a governance proposal executed by the Safe changes, and
// the platform's execution guard with no escape announced.
let server: TestServer, client: SignClient, devnet: Devnet, wallets: Record<string, number>;
beforeAll(async () => {
  ({ server, sign: client, wallets } = await startSignServer());
  devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const verify = () => verifyLedger(server, client);
const addressOf = async (label: string) =>
  getAddress((await db().selectFrom('chainWallet').select('address').where('label', '=', label).executeTakeFirstOrThrow()).address);

/** A call the Safe executes with its owners' own signatures, sent by the relayer without the platform; the receipt's status. */
const executeAroundPlatform = async (safe: Address, data: Hex, accounts: string[]) => {
  const adapter = await server.app.context.chains.adapterFor({ chainId: ETH_CHAIN, family: 'evm', rpcUrl: '' });
  const transaction = safeTransaction(safe, 0n, data, (await adapter.multisig!.state(safe))!.nonce);
  const signatures = await Promise.all(
    accounts.map(async (account) => {
      const owner = privateKeyToAccount(demoSigningKey(account));
      return {
        signer: owner.address as Address,
        signature: await owner.signTypedData(safeTypedData(devnetChainId(ETH_CHAIN), safe, transaction)),
      };
    }),
  );
  return (await devnet.send(devnet.relayer, { to: safe, data: encodeExecTransaction(transaction, packSignatures(signatures)) })).receipt
    .status;
};
/** A wallet's signers in their order. */
const signersOf = (walletId: number) =>
  db().selectFrom('walletSigner').select(['userId', 'position']).where('walletId', '=', walletId).orderBy('position').execute();

describe('the database against the Safes', () => {
  it('every Safe of the demo has its wallet’s signers and threshold on chain', async () => {
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('owners who change their Safe on chain, around the platform, show as a break naming both thresholds', async () => {
    // Two of the wallet's signers sign a threshold of 3 with their own keys and send it themselves.
    expect(
      await executeAroundPlatform(await addressOf('Aurora cold'), governanceCall.changeThreshold(3), [
        'merchantProManager',
        'merchantProFinance',
      ]),
    ).toBe('success');

    const result = await verify();
    expect(result.balanced).toBe(false);
    expect(result.breaks).toEqual([
      expect.objectContaining({ kind: 'safeThreshold', walletId: wallets['Aurora cold'], expected: '2', actual: '3' }),
    ]);
  });

  it('a threshold or a signer changed in the database and not on the Safe is a break', async () => {
    const id = wallets['North agency'];
    await db().updateTable('chainWallet').set({ threshold: 1 }).where('id', '=', id).execute();
    const signers = await signersOf(id);
    await db().deleteFrom('walletSigner').where('walletId', '=', id).where('userId', '=', signers[1].userId).execute();
    const { breaks } = await verify();
    expect(breaks).toContainEqual(expect.objectContaining({ kind: 'safeThreshold', walletId: id, expected: '1', actual: '2' }));
    expect(breaks).toContainEqual(expect.objectContaining({ kind: 'safeOwners', walletId: id }));
  });

  it('an owner who announces the escape on the guard is named, with the day the owners may execute without the platform', async () => {
    const safe = await addressOf('Birch cold');
    const owner = privateKeyToAccount(demoSigningKey('merchantStdManager'));
    await devnet.fund(owner.address, 10n ** 17n);
    const announced = await devnet.send(owner, { to: guardAddressOf(devnet.relayer.address), data: encodeAnnounceEscape(safe) });
    expect(announced.receipt.status).toBe('success');
    const { timestamp } = await devnet.client.getBlock({ blockNumber: announced.receipt.blockNumber });
    const { breaks } = await verify();
    expect(breaks).toContainEqual(
      expect.objectContaining({
        kind: 'safeEscape',
        walletId: wallets['Birch cold'],
        actual: new Date(Number(timestamp + ESCAPE_DELAY_SECONDS) * 1000).toISOString(),
      }),
    );
  });

  it('a Safe whose guard its owners removed (through the relayer and their quorum) is named', async () => {
    const unguard = encodeFunctionData({ abi: safeAbi, functionName: 'setGuard', args: [zeroAddress] });
    expect(await executeAroundPlatform(await addressOf('Operator treasury'), unguard, ['superAdmin', 'operatorEmployee'])).toBe('success');
    const { breaks } = await verify();
    expect(breaks).toContainEqual(
      expect.objectContaining({
        kind: 'safeGuard',
        walletId: wallets['Operator treasury'],
        expected: guardAddressOf(devnet.relayer.address),
        actual: '—',
      }),
    );
  });
});
