import { getAddress, isAddress, isAddressEqual } from 'viem';
import type { Db } from '../../db/database';
import type { ChainRegistry } from '../../chain/registry';
import type { LedgerBreak } from '../../../src/contract/schemas/ledger';

/**
 * The database against the Safes (docs/ledger.md "Verification"): every multisig wallet that is a Safe,
 * on an EVM chain that is not simulated, must be deployed at its address and have on chain the
 * owners its signers' registered keys are and the threshold its wallet row says. Both change only by
 * a governance proposal the Safe itself executes; a difference means the database was changed
 * beside it, or the Safe was (docs/chains.md "Multisig wallets are Safes").
 *
 * And each must carry the platform's execution guard with no escape announced by an owner: otherwise
 * its money can move without the platform deciding it (docs/chains.md "The execution guard").
 *
 * Each Safe is read in a transaction that first takes its wallet row FOR SHARE: a governance
 * execution under way (it holds the row FOR UPDATE from its books to its receipt) finishes first.
 * Balances are not compared yet: a hot wallet's direct movement (a supply into a Safe included) is
 * still the books' alone (docs/chains.md "Deposits", "Not yet").
 */
export async function reconcileSafes(db: Db, chains: ChainRegistry): Promise<LedgerBreak[]> {
  const safes = await db
    .selectFrom('chainWallet')
    .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
    .select(['chainWallet.id', 'chainWallet.label', 'chainWallet.address', 'chainWallet.threshold', 'chain.chainId', 'chain.family', 'chain.rpcUrl'])
    .where('chainWallet.safeSetup', 'is not', null)
    .where('chain.family', '=', 'evm')
    .orderBy('chainWallet.id')
    .execute();
  const breaks: LedgerBreak[] = [];
  const found = (wallet: (typeof safes)[number], kind: LedgerBreak['kind'], expected: string, actual: string) =>
    breaks.push({ kind, walletId: wallet.id, walletLabel: wallet.label, symbol: null, refId: null, expected, actual });

  for (const safe of safes) {
    if (!isAddress(safe.address)) continue;
    const address = getAddress(safe.address);
    try {
      const multisig = (await chains.adapterFor(safe)).multisig;
      if (!multisig) continue;
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('chainWallet').select('id').where('id', '=', safe.id).forShare().execute();
        const owners = await trx
          .selectFrom('walletSigner')
          .innerJoin('signingKey', 'signingKey.userId', 'walletSigner.userId')
          .select('signingKey.address')
          .where('walletSigner.walletId', '=', safe.id)
          .execute();
        const state = await multisig.state(address);
        if (!state) {
          found(safe, 'safeMissing', address, '—');
          return;
        }
        const expectedOwners = owners.map((o) => getAddress(o.address)).sort();
        const chainOwners = [...state.owners].sort();
        if (expectedOwners.length !== chainOwners.length || expectedOwners.some((owner, i) => !isAddressEqual(owner, chainOwners[i]))) {
          found(safe, 'safeOwners', expectedOwners.join(', '), chainOwners.join(', '));
        }
        if (safe.threshold !== state.threshold) found(safe, 'safeThreshold', String(safe.threshold ?? '—'), String(state.threshold));
        // Only the platform's relayer executes on a guarded Safe; an owner's announced escape ends that (docs/chains.md "The execution guard").
        const guard = await multisig.guard(address);
        if (guard.installed === null || !isAddressEqual(guard.installed, guard.expected)) found(safe, 'safeGuard', guard.expected, guard.installed ?? '—');
        else if (guard.escapeOpensAt > 0n) found(safe, 'safeEscape', '—', new Date(Number(guard.escapeOpensAt) * 1000).toISOString());
      });
    } catch {
      found(safe, 'chainUnreadable', '—', '—');
    }
  }
  return breaks;
}
