import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1';
import { getAddress, keccak256, toHex, type Hex } from 'viem';
import bs58check from 'bs58check';
import type { Db } from '../db/database';

/**
 * Order addresses (docs/payments.md "An address per order"): every order gets an address of its
 * own, derived by BIP-32 from the org's extended public key for the chain family, at the order's id
 * (non-hardened, so deriving needs no private key). The org's key is the hardened account
 * `m/44'/<coin>'/<org id>'/0` of the platform's deposit seed: one org's addresses tell nothing of
 * another's, and the seed (kept outside the database) alone can spend from them.
 */

/** SLIP-44 coin types: Ethereum's for every EVM chain, TRON's. */
const COIN_TYPE: Readonly<Record<string, number>> = { evm: 60, tron: 195 };

const SEED_HEX = /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/;

/**
 * The platform's deposit seed: DEPOSIT_SEED (hex, 32 or 64 bytes) when set — where a deployment's key
 * store puts it — or else a random one kept in the data folder (`deposit-seed`, readable by the
 * server's user alone), made on first use. Two instances starting at once keep the first one's.
 */
export function depositSeed(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) {
    const match = SEED_HEX.exec(configured.trim());
    if (!match) throw new Error('DEPOSIT_SEED must be 64 or 128 hex digits (32 or 64 bytes)');
    return Uint8Array.from(Buffer.from(match[2]!, 'hex'));
  }
  const file = path.join(dataDir, 'deposit-seed');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      // A link never replaces a file: the first instance's seed stays.
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const stored = fs.readFileSync(file, 'utf8').trim();
  if (!SEED_HEX.test(stored)) throw new Error(`${file} does not hold a deposit seed (64 or 128 hex digits)`);
  // A plain Uint8Array: the curve library refuses Buffer's subclass.
  return Uint8Array.from(Buffer.from(stored.replace(/^0x/, ''), 'hex'));
}

/** The org's account key for a family, as stored: an extended public key (xpub…). */
export function orgDepositXpub(seed: Uint8Array, orgId: number, family: string): string {
  const coin = COIN_TYPE[family];
  if (coin === undefined) throw new Error(`no deposit addresses for the chain family ${family}`);
  return HDKey.fromMasterSeed(seed).derive(`m/44'/${coin}'/${orgId}'/0`).publicExtendedKey;
}

/**
 * The private key of the address at `index` under the org's account key, from the seed (never stored):
 * what sends an order address's money on a real network (docs/chains.md "Wallet keys").
 */
export function depositPrivateKeyAt(seed: Uint8Array, orgId: number, family: string, index: number): Hex {
  const coin = COIN_TYPE[family];
  if (coin === undefined) throw new Error(`no deposit addresses for the chain family ${family}`);
  const key = HDKey.fromMasterSeed(seed).derive(`m/44'/${coin}'/${orgId}'/0/${index}`).privateKey;
  if (!key) throw new Error('the deposit seed gave no private key');
  return toHex(key);
}

/** The address at `index` under an org's account key, written as the family writes addresses. */
export function depositAddressAt(xpub: string, family: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(index);
  const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey!).toRawBytes(false);
  const hash: Hex = keccak256(toHex(uncompressed.subarray(1)));
  const evm = getAddress(`0x${hash.slice(-40)}`);
  if (family === 'evm') return evm;
  // TRON: the same 20 bytes behind its 0x41 prefix, in base58check.
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), Buffer.from(evm.slice(2), 'hex')]));
}

/**
 * The org's account key for a family: the stored one, or made from the seed and stored (the first
 * instance to store it wins; every instance derives from what is stored, whatever its own seed).
 */
export async function depositXpubOf(db: Db, orgId: number, family: string, seed: () => Uint8Array): Promise<string> {
  const stored = await db
    .selectFrom('depositKey')
    .select('xpub')
    .where('orgId', '=', orgId)
    .where('family', '=', family)
    .executeTakeFirst();
  if (stored) return stored.xpub;
  await db
    .insertInto('depositKey')
    .values({ orgId, family, xpub: orgDepositXpub(seed(), orgId, family) })
    .onConflict((oc) => oc.columns(['orgId', 'family']).doNothing())
    .execute();
  const made = await db
    .selectFrom('depositKey')
    .select('xpub')
    .where('orgId', '=', orgId)
    .where('family', '=', family)
    .executeTakeFirstOrThrow();
  return made.xpub;
}
