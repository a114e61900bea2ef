import { sql } from 'kysely';
import { getAddress, verifyMessage } from 'viem';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { conflict, fieldError } from '../../http/apiError';
import { signingKeyProof, type SigningKeyRegisterBody } from '../../../src/contract/schemas/signingKey';

/** What the routes answer (`signingKeyState` turns the date into ISO text). */
interface SigningKeyRecord {
  address: string | null;
  registeredAt: Date | null;
}

/** The caller's registered key, or none. */
export async function signingKeyOf(db: Db, userId: number): Promise<SigningKeyRecord> {
  const row = await db.selectFrom('signingKey').select(['address', 'registeredAt']).where('userId', '=', userId).executeTakeFirst();
  return { address: row?.address ?? null, registeredAt: row?.registeredAt ?? null };
}

/**
 * Registers the caller's key (docs/chains.md "Signers' keys"): the signature must be the key's own
 * over the text naming this account and this address, so nobody registers a key they do not hold,
 * or a proof made for someone else. A key already registered to another user is refused (one
 * person, one vote). A signer of an on-chain multisig wallet keeps the key the Safe knows: replacing
 * it there is a governance proposal, not a click on /account.
 */
export async function registerSigningKey(db: Db, caller: Caller, body: SigningKeyRegisterBody, now: Date): Promise<SigningKeyRecord> {
  const address = getAddress(body.address.toLowerCase());
  const proven = await verifyMessage({
    address,
    message: signingKeyProof(caller.account, address),
    signature: body.signature as `0x${string}`,
  }).catch(() => false);
  if (!proven) throw fieldError('signature', 'validation.signingKeyProof');
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('signingKey')
      .select(['address', 'registeredAt'])
      .where('userId', '=', caller.userId)
      .forUpdate()
      .executeTakeFirst();
    if (current && current.address === address) return { address, registeredAt: current.registeredAt };
    const taken = await trx
      .selectFrom('signingKey')
      .select('userId')
      .where(sql`lower(address)`, '=', address.toLowerCase())
      .executeTakeFirst();
    if (taken) throw fieldError('address', 'validation.signingKeyTaken', undefined, BodyCode.conflict);
    if (current) {
      const owner = await trx
        .selectFrom('walletSigner')
        .innerJoin('chainWallet', 'chainWallet.id', 'walletSigner.walletId')
        .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
        .select('chainWallet.label')
        .where('walletSigner.userId', '=', caller.userId)
        .where('chain.family', '=', 'evm')
        .where('chainWallet.threshold', 'is not', null)
        .executeTakeFirst();
      if (owner) throw conflict('api.signingKeyInUse', { wallet: owner.label });
      await trx.updateTable('signingKey').set({ address, registeredAt: now }).where('userId', '=', caller.userId).execute();
    } else {
      await trx.insertInto('signingKey').values({ userId: caller.userId, address, registeredAt: now }).execute();
    }
    return { address, registeredAt: now };
  });
}
