import { sql } from 'kysely';
import { getAddress, isAddress, parseUnits, type Address } from 'viem';
import type { Db } from '../db/database';
import type { ChainAdapter } from './adapter';
import type { Devnet } from './evm/devnet';
import { startWatching } from '../modules/deposit/watcher';

/**
 * A new devnet under a database that already has books (the demo seed, a test's data, a devnet
 * whose folder was removed): the chain is made to hold what the books say, once, before anyone
 * uses it (docs/chains.md "The embedded devnet"). Each Safe the database knows is deployed from its
 * recorded setup, and every wallet's balance is minted or funded from the faucet up to its ledger
 * balance. From then on the chain moves and the books follow it.
 */
export async function materializeBooks(db: Db, chainId: number, devnet: Devnet, chain: ChainAdapter): Promise<void> {
  const wallets = await db
    .selectFrom('chainWallet')
    .select(['id', 'address', 'label', 'safeSetup'])
    .where('chainId', '=', chainId)
    .orderBy('id')
    .execute();
  for (const wallet of wallets) {
    if (!wallet.safeSetup || !chain.multisig) continue;
    const { owners, threshold, saltNonce } = wallet.safeSetup;
    const made = await chain.multisig.create(owners as Address[], threshold, BigInt(saltNonce));
    if (made.address !== getAddress(wallet.address))
      throw new Error(`wallet ${wallet.label}: its recorded Safe setup gives ${made.address}, not ${wallet.address}`);
  }
  const balances = await db
    .selectFrom('walletBalance')
    .innerJoin('chainWallet', 'chainWallet.id', 'walletBalance.walletId')
    .innerJoin('currency', 'currency.id', 'walletBalance.currencyId')
    .select(['chainWallet.address', 'currency.contractAddress', 'currency.decimals', sql<string>`wallet_balance.amount::text`.as('amount')])
    .where('chainWallet.chainId', '=', chainId)
    .where('walletBalance.amount', '>', '0')
    .orderBy('walletBalance.walletId')
    .orderBy('walletBalance.currencyId')
    .execute();
  for (const balance of balances) {
    if (!isAddress(balance.address) || (balance.contractAddress !== null && !isAddress(balance.contractAddress))) continue;
    const holder = getAddress(balance.address);
    const wanted = parseUnits(balance.amount, balance.decimals);
    const held = await chain.balanceOf(holder, balance.contractAddress);
    if (held >= wanted) continue;
    if (balance.contractAddress === null) await devnet.fund(holder, wanted - held);
    else await devnet.mint(getAddress(balance.contractAddress), holder, wanted - held);
  }
  // What was just minted is in the books already: the deposit watcher starts after it.
  await startWatching(db, chainId, (await chain.headBlock()) + 1n, new Date());
  await payLatePayments(db, chainId, devnet);
}

/**
 * The demo's late payments (server/db/seed/chainTransfers.ts: money that arrived after its order
 * expired, never in the books), made real: each is sent from its payer to its deposit address on
 * the devnet, after the watcher's starting block, and its simulated row goes. The watcher then reads
 * it as any deposit (booked as a `deposit`), and a re-check of its order finds it on chain.
 */
async function payLatePayments(db: Db, chainId: number, devnet: Devnet): Promise<void> {
  const late = await db
    .selectFrom('chainTransfer')
    .innerJoin('currency', 'currency.id', 'chainTransfer.currencyId')
    .select(['chainTransfer.id', 'chainTransfer.fromAddress', 'chainTransfer.toAddress', 'currency.contractAddress', 'currency.decimals'])
    .select(sql<string>`chain_transfer.amount::text`.as('amount'))
    .where('chainTransfer.chainId', '=', chainId)
    .where('chainTransfer.blockNumber', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('paymentOrder')
            .select('paymentOrder.id')
            .where(sql`lower(payment_order.tx_hash)`, '=', sql`lower(chain_transfer.tx_hash)`),
        ),
      ),
    )
    .orderBy('chainTransfer.id')
    .execute();
  for (const payment of late) {
    if (
      !isAddress(payment.fromAddress) ||
      !isAddress(payment.toAddress) ||
      (payment.contractAddress !== null && !isAddress(payment.contractAddress))
    )
      continue;
    const token = payment.contractAddress === null ? null : getAddress(payment.contractAddress);
    await devnet.payAs(getAddress(payment.fromAddress), token, getAddress(payment.toAddress), parseUnits(payment.amount, payment.decimals));
    await db.deleteFrom('chainTransfer').where('id', '=', payment.id).execute();
  }
}
