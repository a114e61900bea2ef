import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** Replaces a wallet's signer list (its order is the positions). */
export async function writeSigners(trx: Trx, walletId: number, signers: readonly number[]): Promise<void> {
  await trx.deleteFrom('walletSigner').where('walletId', '=', walletId).execute();
  if (signers.length > 0)
    await trx
      .insertInto('walletSigner')
      .values(signers.map((userId, position) => ({ walletId, userId, position })))
      .execute();
}

/** Every one of `signers` is a member of the org (signers must be able to act in it). */
export async function allMembersOf(trx: Trx, orgId: number, signers: readonly number[]): Promise<boolean> {
  if (signers.length === 0) return true;
  const members = await trx.selectFrom('membership').select('userId').where('orgId', '=', orgId).where('userId', 'in', signers).execute();
  return members.length === new Set(signers).size;
}
