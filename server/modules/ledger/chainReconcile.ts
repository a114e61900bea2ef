import { getAddress, isAddress, isAddressEqual, type Address } from 'viem';
import type { Db } from '../../db/database';
import type { ChainRegistry } from '../../chain/registry';
import type { LedgerBreak } from '../../../src/contract/schemas/ledger';

/**
 * The database against the Safes (docs/ledger.md "Verification"): every multisig wallet that is a Safe,
 * on an EVM chain that is not simulated, must be deployed at its address and have on chain the
 * owners its signers' registered keys are, which are also the owners the books record for it
 * (`safe_owners`, what approvals are checked against), and the threshold its wallet row and that
 * record say. Both change only by a governance proposal the Safe itself executes; a difference
 * means the database was changed beside it, or the Safe was (docs/chains.md "Multisig wallets are
 * Safes", "Governance on a Safe").
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
    .select(['chainWallet.id', 'chainWallet.label', 'chainWallet.address', 'chain.chainId', 'chain.family', 'chain.rpcUrl'])
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
        // Read under the lock: a governance execution under way has written both, or neither.
        const books = await trx
          .selectFrom('chainWallet')
          .select(['threshold', 'safeOwners'])
          .where('id', '=', safe.id)
          .forShare()
          .executeTakeFirstOrThrow();
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
        const signerKeys = owners.map((o) => getAddress(o.address)).sort();
        // The owners approvals are checked against (chain_wallet.safe_owners, docs/chains.md "Governance on a Safe").
        const recorded = books.safeOwners ? books.safeOwners.owners.map((o) => getAddress(o)).sort() : null;
        const chainOwners = [...state.owners].sort();
        const same = (list: readonly string[]) =>
          list.length === chainOwners.length && list.every((owner, i) => isAddressEqual(owner as Address, chainOwners[i]));
        if (!same(signerKeys)) found(safe, 'safeOwners', signerKeys.join(', '), chainOwners.join(', '));
        else if (!recorded || !same(recorded)) found(safe, 'safeOwners', recorded ? recorded.join(', ') : '—', chainOwners.join(', '));
        // The wallet's threshold, and the one recorded with the Safe's owners: one break names the first that differs.
        const wrongThreshold = [books.threshold, books.safeOwners?.threshold ?? null].find((threshold) => threshold !== state.threshold);
        if (wrongThreshold !== undefined) found(safe, 'safeThreshold', String(wrongThreshold ?? '—'), String(state.threshold));
        // Only the platform's relayer executes on a guarded Safe; an owner's announced escape ends that (docs/chains.md "The execution guard").
        const guard = await multisig.guard(address);
        if (guard.installed === null || !isAddressEqual(guard.installed, guard.expected))
          found(safe, 'safeGuard', guard.expected, guard.installed ?? '—');
        else if (guard.escapeOpensAt > 0n) found(safe, 'safeEscape', '—', new Date(Number(guard.escapeOpensAt) * 1000).toISOString());
      });
    } catch {
      found(safe, 'chainUnreadable', '—', '—');
    }
  }
  return breaks;
}
