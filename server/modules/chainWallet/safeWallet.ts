import { keccak256, stringToHex, type Address } from 'viem';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SafeOwners, SafeSetup } from '../../db/schema';
import type { ChainRegistry } from '../../chain/registry';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import { isSafeWallet } from '../../../src/contract/contractKinds';
import type { ChainWalletBody } from '../../../src/contract/schemas/chainWallet';

/**
 * A multisig wallet on an EVM chain is a Safe (docs/chains.md "Multisig wallets are Safes"): its
 * owners are the signers' registered keys, in signer order, its threshold the wallet's, and its
 * address the Safe's. Null when the wallet is not one (another kind, a simulated chain).
 */
export async function safeFor(
  db: Db,
  chains: ChainRegistry,
  body: ChainWalletBody,
): Promise<{ address: Address; setup: SafeSetup } | null> {
  if (body.threshold === null) return null;
  const chain = await db.selectFrom('chain').select(['chainId', 'family', 'rpcUrl']).where('chainId', '=', body.chainId).executeTakeFirst();
  if (!chain || !isSafeWallet(body.kind, chain.family)) return null;
  const multisig = (await chains.adapterFor(chain)).multisig;
  if (!multisig) return null;
  const owners = await ownersOf(db, body.signers);
  // From what the wallet is and the last wallet id: a request re-run after a serialization failure
  // finds the Safe it made, while the next wallet of the same name and signers gets a Safe of its own.
  const { last } = await db
    .selectFrom('chainWallet')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('last'))
    .executeTakeFirstOrThrow();
  const salt = BigInt(keccak256(stringToHex(`wallet ${body.orgId}/${body.chainId}/${body.kind}/${body.label}/${last}`)));
  const { address } = await multisig.create(owners, body.threshold, salt);
  return { address, setup: { owners, threshold: body.threshold, saltNonce: salt.toString() } };
}

/** The setup as the jsonb column takes it (both drivers take text, Postgres casts it). */
export const safeSetupValue = (setup: SafeSetup) => sql<SafeSetup>`${JSON.stringify(setup)}::jsonb`;

/** A Safe's owners and threshold as the jsonb column takes them: at creation, its setup's (then governance's, outflow/governance.ts). */
export const safeOwnersValue = (owners: SafeOwners) =>
  sql<SafeOwners>`${JSON.stringify({ owners: owners.owners, threshold: owners.threshold })}::jsonb`;

/** The signers' keys in signer order; anyone without one is named in a 409 (they register it on /account). */
async function ownersOf(db: Db, signers: readonly number[]): Promise<Address[]> {
  const rows = await db
    .selectFrom('appUser')
    .leftJoin('signingKey', 'signingKey.userId', 'appUser.id')
    .select(['appUser.id', 'appUser.account', 'signingKey.address'])
    .where('appUser.id', 'in', signers.length > 0 ? [...signers] : [-1])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = signers.filter((id) => !byId.get(id)?.address).map((id) => byId.get(id)?.account ?? `#${id}`);
  if (missing.length > 0) {
    const params = { accounts: missing.join(', ') };
    throw new ApiError(BodyCode.conflict, 'api.signerWithoutKey', { params, fields: { signers: { key: 'api.signerWithoutKey', params } } });
  }
  return signers.map((id) => byId.get(id)?.address as Address);
}
