import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address, type Hex } from 'viem';
import { randomBytes } from 'node:crypto';
import type { TestServer } from './harness';
import { startDepositServer } from './chainSupport';
import { orderPayer } from './orderSupport';
import { ChainRegistry, devnetChainId } from '../../server/chain/registry';
import type { WalletChain } from '../../server/chain/adapter';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { holdsWalletKey } from '../../server/modules/outflow/walletKey';
import { serveOverHttp } from '../support/rpcServer';

// On a real network an order address's key is derived from the deposit seed the address was made from
// (docs/chains.md "Wallet keys"): the order's own address, made by this server through its checkout,
// sends over JSON-RPC signed with that key; nothing else is admitted, and another seed sends nothing.
let server: TestServer;
let devnet: Devnet;
let rpc: { url: string; close: () => Promise<void> };
const ETH_CHAIN = 1;
const ELSEWHERE: Address = getAddress('0x00000000000000000000000000000000000e0e0f');
const RELAYER = `0x${'31'.repeat(32)}` as Hex;

let newOrder: ReturnType<typeof orderPayer>;
const payer = devnetAccount('a payer whose orders’ keys are derived');

beforeAll(async () => {
  let usdt;
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
  newOrder = orderPayer({ server, devnet, usdt, payer }, 'key-link');
  rpc = await serveOverHttp(devnet.provider);
}, 120_000);
afterAll(async () => {
  await rpc?.close();
  await server?.close();
});

/** A registry in rpc mode over the server's devnet, deriving order keys from `seed` (hex). */
async function overRpc(seed: string | undefined): Promise<{ registry: ChainRegistry; wallets: WalletChain }> {
  const registry = new ChainRegistry(
    {
      mode: 'rpc',
      devnetDir: null,
      relayerKey: RELAYER,
      depositSeed: seed === undefined ? undefined : () => Uint8Array.from(Buffer.from(seed, 'hex')),
    },
    async () => [],
  );
  const adapter = await registry.adapterFor({ chainId: devnetChainId(ETH_CHAIN), family: 'evm', rpcUrl: rpc.url });
  return { registry, wallets: adapter.wallets! };
}

/** An order of proA's started on its checkout, as a payer starts one, not paid: its own address. */
const orderAddress = async (): Promise<Address> => getAddress((await newOrder('5', '0')).depositAddress);

describe('order address keys on a real network', () => {
  it('derives the key of an order’s own address from the deposit seed, and sends with it over RPC', async () => {
    const address = await orderAddress();
    await devnet.fund(address, 10n ** 17n);
    const { registry, wallets } = await overRpc(server.app.context.config.depositSeed);
    // Nothing is known of it before a transfer out of it is planned.
    expect(wallets.holdsKey(address)).toBe(false);
    expect(await holdsWalletKey(server.db, registry, wallets, ETH_CHAIN, address)).toBe(true);
    expect(wallets.holdsKey(address.toLowerCase())).toBe(true);
    const sent = await wallets.transfer(address, ELSEWHERE, null, 10n ** 16n);
    expect(sent).toMatchObject({ outcome: 'executed', from: address });
    expect(await devnet.client.getBalance({ address: ELSEWHERE })).toBeGreaterThanOrEqual(10n ** 16n);
  });

  it('admits only an order’s own address on its chain: any other wallet, or the same address on another chain, has no key', async () => {
    const address = await orderAddress();
    const { registry, wallets } = await overRpc(server.app.context.config.depositSeed);
    const hot = await server.db
      .selectFrom('chainWallet')
      .select('address')
      .where('orgId', '=', server.orgIds.proA)
      .where('kind', '=', 'Hot')
      .executeTakeFirstOrThrow();
    expect(await holdsWalletKey(server.db, registry, wallets, ETH_CHAIN, hot.address)).toBe(false);
    expect(await holdsWalletKey(server.db, registry, wallets, 56, address)).toBe(false);
    expect(wallets.holdsKey(address)).toBe(false);
  });

  it('another seed (or none) makes other addresses: the order address is refused before anything is sent', async () => {
    const address = await orderAddress();
    await devnet.fund(address, 10n ** 17n);
    for (const seed of [randomBytes(32).toString('hex'), undefined]) {
      const { registry, wallets } = await overRpc(seed);
      expect(await holdsWalletKey(server.db, registry, wallets, ETH_CHAIN, address)).toBe(false);
      const head = await devnet.client.getBlockNumber();
      expect(await wallets.transfer(address, ELSEWHERE, null, 1n)).toEqual({ outcome: 'refused', reason: 'noKey' });
      expect(await devnet.client.getBlockNumber()).toBe(head);
    }
    expect(await devnet.client.getBalance({ address })).toBe(10n ** 17n);
  });
});
