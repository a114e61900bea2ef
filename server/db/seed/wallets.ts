import { createHash } from 'node:crypto';
import { getAddress, keccak256, stringToHex, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { demoSigningKey } from '../../../src/contract/demoSigningKey';
import { safeAddressOf } from '../../chain/evm/safe';
import { safeOwnersValue, safeSetupValue } from '../../modules/chainWallet/safeWallet';
import bs58check from 'bs58check';
import type { Transaction } from 'kysely';
import type { Database, SafeSetup } from '../schema';
import { CONTRACT_ADDRESS_FIELDS } from '../../../src/contract/contractKinds';
import type { DemoOrgKey } from './demoData';
import { postEntries } from '../../modules/ledger/post';

/** Deterministic, valid demo addresses: the same seed text always gives the same address. */
const bytes20 = (seed: string) => createHash('sha256').update(seed).digest().subarray(0, 20);
export const demoEvmAddress = (seed: string) => getAddress(`0x${bytes20(seed).toString('hex')}`);
export const demoTronAddress = (seed: string) => bs58check.encode(Buffer.concat([Buffer.from([0x41]), bytes20(seed)]));

/** A demo Safe: its signers' demo keys, its threshold, a salt from its label. */
const demoSafeSetup = (label: string, signers: string[], threshold: number): SafeSetup => ({
  owners: signers.map((account) => privateKeyToAccount(demoSigningKey(account)).address),
  threshold,
  saltNonce: BigInt(keccak256(stringToHex(`demo wallet ${label}`))).toString(),
});

/** Opening balances are this many days old: before the oldest seeded order (60 days) and proposal. */
const OPENING_DAYS = 90;
const ETH = 1;
const TRON = 728126428;

interface DemoWallet {
  org: DemoOrgKey;
  chainId: number;
  kind: string;
  label: string;
  threshold: number | null;
  signers: string[];
  balances: Record<string, string>;
}

/** A wallet one key moves (a Hot wallet, or a one-member org's plain cold wallet). */
const singleKey = (org: DemoOrgKey, chainId: number, kind: string, label: string, balances: Record<string, string>): DemoWallet => ({
  org,
  chainId,
  kind,
  label,
  threshold: null,
  signers: [],
  balances,
});

/** A multisig wallet: every demo multisig takes 2 of its signers. */
const multisig = (
  org: DemoOrgKey,
  chainId: number,
  kind: string,
  label: string,
  signers: string[],
  balances: Record<string, string>,
): DemoWallet => ({ org, chainId, kind, label, threshold: 2, signers, balances });

const proSigners = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'];

/**
 * A Hot wallet for every org and a multisig wallet for every org with members to sign
 * (South Agency and Elm Market have no demo users, so they hold a Hot wallet only).
 */
export const demoWallets: DemoWallet[] = [
  multisig('operator', ETH, 'MultiSigOperator', 'Operator treasury', ['superAdmin', 'operatorEmployee'], { ETH: '100', USDT: '250000' }),
  // The operator's first Hot wallet on a chain is its fee wallet: withdrawal fees are credited there.
  singleKey('operator', ETH, 'Hot', 'Operator hot', { ETH: '12.5' }),
  singleKey('operator', TRON, 'Hot', 'Operator TRON fees', { TRX: '500' }),
  multisig('agentNorth', ETH, 'MultiSigAgent', 'North agency', ['agentManager', 'agentEmployee'], { ETH: '0.5', USDT: '30000' }),
  singleKey('agentNorth', ETH, 'Hot', 'North hot', { ETH: '0.8' }),
  singleKey('agentSouth', ETH, 'Hot', 'South hot', { ETH: '0.3', USDT: '700' }),
  multisig('proA', ETH, 'MultiSigCold', 'Aurora cold', proSigners, { ETH: '25.5', USDT: '120000' }),
  multisig('proA', TRON, 'MultiSigHot', 'Aurora TRON hot', proSigners, { TRX: '10000', USDT: '50000' }),
  singleKey('proA', ETH, 'Hot', 'Aurora deposits', { ETH: '0.5', USDT: '2500' }),
  multisig('stdB', ETH, 'MultiSigColdStd', 'Birch cold', ['merchantStdManager', 'merchantStdFinance', 'merchantStdEmployee'], {
    ETH: '10',
    USDC: '80000',
  }),
  singleKey('stdB', ETH, 'Hot', 'Birch deposits', { ETH: '0.5', USDC: '1200' }),
  singleKey('liteC', ETH, 'Hot', 'Cedar deposits', { ETH: '0.3', USDT: '5000' }),
  multisig('liteC', ETH, 'MultiSigColdLite', 'Cedar cold', ['merchantLiteManager', 'merchantLiteEmployee'], { ETH: '2', USDT: '15000' }),
  // Delta has one member: one person is not multisig, so its cold wallet is a plain one.
  singleKey('proDirect', ETH, 'Cold', 'Delta cold', { ETH: '5' }),
  singleKey('proDirect', TRON, 'Hot', 'Delta TRON deposits', { TRX: '2500', USDT: '900' }),
  singleKey('stdSouth', ETH, 'Hot', 'Elm deposits', { ETH: '1' }),
];

/**
 * The demo wallets with their opening balances, as ledger entries dated before every other
 * seeded event (a wallet's history starts with its opening).
 */
export async function seedWallets(
  trx: Transaction<Database>,
  orgIds: Record<DemoOrgKey, number>,
  userIds: Record<string, number>,
  /** The execution guard the chain's Safes carry (ChainRegistry.safeGuard): it fixes their addresses. */
  safeGuard: Address,
  now = new Date(),
): Promise<Record<string, number>> {
  const openedAt = new Date(now.getTime() - OPENING_DAYS * 86_400_000);
  const currencies = await trx.selectFrom('currency').select(['id', 'symbol', 'chainId']).execute();
  const walletIds: Record<string, number> = {};
  for (const wallet of demoWallets) {
    // A multisig wallet on an EVM chain is a Safe of its signers' demo keys: its address is fixed by them
    // (the devnet deploys it when it starts fresh, server/chain/materialize.ts).
    const setup =
      wallet.chainId !== TRON && wallet.threshold !== null ? demoSafeSetup(wallet.label, wallet.signers, wallet.threshold) : null;
    const address = setup
      ? safeAddressOf(setup.owners as Address[], setup.threshold, BigInt(setup.saltNonce), safeGuard)
      : wallet.chainId === TRON
        ? demoTronAddress(wallet.label)
        : demoEvmAddress(wallet.label);
    const { id } = await trx
      .insertInto('chainWallet')
      .values({
        chainId: wallet.chainId,
        orgId: orgIds[wallet.org],
        kind: wallet.kind,
        address,
        label: wallet.label,
        threshold: wallet.threshold,
        safeSetup: setup ? safeSetupValue(setup) : null,
        safeOwners: setup ? safeOwnersValue(setup) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    walletIds[wallet.label] = id;
    if (wallet.signers.length > 0) {
      await trx
        .insertInto('walletSigner')
        .values(wallet.signers.map((account, position) => ({ walletId: id, userId: userIds[account], position })))
        .execute();
    }
    for (const [symbol, amount] of Object.entries(wallet.balances)) {
      const currency = currencies.find((c) => c.symbol === symbol && c.chainId === wallet.chainId);
      if (!currency) throw new Error(`demo wallet ${wallet.label}: no ${symbol} on chain ${wallet.chainId}`);
      await postEntries(trx, [
        { walletId: id, currencyId: currency.id, delta: amount, reason: 'initial credit', txHash: null, at: openedAt },
      ]);
    }
  }
  for (const chainId of [ETH, TRON]) {
    const make = chainId === TRON ? demoTronAddress : demoEvmAddress;
    const row = Object.fromEntries(Object.values(CONTRACT_ADDRESS_FIELDS).map((field) => [field, make(`${chainId}:${field}`)]));
    await trx
      .insertInto('contractAddress')
      .values({ chainId, ...row })
      .execute();
  }
  return walletIds;
}
