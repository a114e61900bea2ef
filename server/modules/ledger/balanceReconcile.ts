import { sql, type Transaction } from 'kysely';
import { formatUnits, getAddress, isAddress, isAddressEqual, parseUnits } from 'viem';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ChainRegistry } from '../../chain/registry';
import type { LedgerBreak } from '../../../src/contract/schemas/ledger';
import { TokenContracts } from './tokenContracts';

/**
 * The books' balances against the chain (docs/ledger.md "Verification"): every wallet of ours on an
 * EVM chain that is read (devnet or rpc) must hold on chain, in every currency of its chain, what its
 * ledger balance says plus what the deposit watcher has not booked yet (from its cursor to the head).
 * Money leaves our wallets only through the platform (a Safe's execution, a wallet's own transfer),
 * which books it once the chain has it (the intent log), and arrives through the watcher; anything else (a database edited
 * beside the ledger's triggers, a credit of money the chain never delivered, a key used outside the
 * platform) is a difference here.
 *
 * Each wallet is compared in a transaction of its own that first takes its row FOR SHARE: a booking
 * under way (it holds the row FOR UPDATE) finishes first, and a wallet with an outflow sent and not
 * yet booked is left out until it is (named when it is stuck past its lease). The balances and the watcher's cursor come from one statement; the chain is read at one
 * block, the head when the comparison starts.
 */
export async function reconcileBalances(db: Db, chains: ChainRegistry, now: Date): Promise<LedgerBreak[]> {
  const wallets = await db
    .selectFrom('chainWallet')
    .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
    .select(['chainWallet.id', 'chainWallet.label', 'chainWallet.address', 'chain.chainId', 'chain.family', 'chain.rpcUrl'])
    .where('chain.family', '=', 'evm')
    .orderBy('chainWallet.id')
    .execute();
  const breaks: LedgerBreak[] = [];
  // A token the node lacks is named once per chain (`tokenMissing`); the wallet's other currencies are still compared.
  const tokenContracts = new TokenContracts();
  const found = (wallet: (typeof wallets)[number], kind: LedgerBreak['kind'], symbol: string | null, expected: string, actual: string) =>
    breaks.push({ kind, walletId: wallet.id, walletLabel: wallet.label, symbol, refId: null, expected, actual });

  for (const wallet of wallets) {
    if (!isAddress(wallet.address)) continue;
    const address = getAddress(wallet.address);
    try {
      const adapter = await chains.adapterFor(wallet);
      if (adapter.mode === 'simulated') continue;
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('chainWallet').select('id').where('id', '=', wallet.id).forShare().execute();
        // An outflow of the wallet on its way (sent, not yet booked: docs/chains.md "The intent log") makes the chain
        // differ from the books for a moment: the wallet is compared once it is booked; one stuck past its lease is named.
        const inFlight = await unbookedOutflow(trx, wallet.id, now);
        if (inFlight) {
          if (inFlight.stuck) found(wallet, 'outflowUnbooked', null, 'booked', inFlight.reference);
          return;
        }
        const { rows } = await sql<{
          symbol: string;
          contractAddress: string | null;
          decimals: number;
          amount: string;
          nextBlock: number | null;
        }>`
          select c.symbol, c.contract_address as "contractAddress", c.decimals, coalesce(b.amount, 0)::text as amount,
                 (select next_block from chain_watch where chain_id = ${wallet.chainId}) as "nextBlock"
          from currency c left join wallet_balance b on b.currency_id = c.id and b.wallet_id = ${wallet.id}
          where c.chain_id = ${wallet.chainId}
          order by c.id`.execute(trx);
        const named = rows.filter((r) => r.contractAddress === null || isAddress(r.contractAddress));
        if (named.length === 0) return;
        const head = await adapter.headBlock();
        const missing = await tokenContracts.missingOn(wallet.chainId, adapter, named, head);
        const currencies = named.filter((c) => c.contractAddress === null || !missing.has(getAddress(c.contractAddress)));
        if (currencies.length === 0) return;
        const from = currencies[0].nextBlock === null ? null : BigInt(currencies[0].nextBlock);
        const tokens = currencies.filter((c) => c.contractAddress !== null).map((c) => getAddress(c.contractAddress!));
        // Transfers from our own wallets are booked as they are sent, never by the watcher.
        const ours = (await trx.selectFrom('chainWallet').select('address').where('chainId', '=', wallet.chainId).execute()).map((w) =>
          w.address.toLowerCase(),
        );
        const unbooked = (from !== null && from <= head ? await adapter.transfersTo([address], tokens, from, head) : []).filter(
          (t) => !ours.includes(t.from.toLowerCase()),
        );
        for (const currency of currencies) {
          const token = currency.contractAddress === null ? null : getAddress(currency.contractAddress);
          const arriving = unbooked
            .filter((t) => (t.token === null ? token === null : token !== null && isAddressEqual(t.token, token)))
            .reduce((sum, t) => sum + t.amount, 0n);
          const books = parseUnits(currency.amount, currency.decimals) + arriving;
          const held = await adapter.balanceOf(address, token, head);
          if (books !== held)
            found(wallet, 'chainBalance', currency.symbol, formatUnits(books, currency.decimals), formatUnits(held, currency.decimals));
        }
      });
    } catch {
      found(wallet, 'chainUnreadable', null, '—', '—');
    }
  }
  return [...tokenContracts.breaks, ...breaks];
}

/** The wallet's outflow sent and not booked, if any (as source or destination): stuck once its lease ran out. */
/** `now` is the clock the leases were written with (the server context's), so "past its lease" means the same on both sides. */
async function unbookedOutflow(
  trx: Transaction<Database>,
  walletId: number,
  now: Date,
): Promise<{ stuck: boolean; reference: string } | null> {
  const open = await trx
    .selectFrom('chainIntent')
    .select(['id', 'movementId', 'proposalId', 'leaseUntil', 'txHash'])
    .where('settledAt', 'is', null)
    .where('state', '<>', 'recorded')
    .where((eb) =>
      eb.or([
        eb('walletId', '=', walletId),
        eb(sql`request->>'to'`, 'in', eb.selectFrom('chainWallet').select('address').where('id', '=', walletId)),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  if (!open) return null;
  const stuck = open.leaseUntil === null || open.leaseUntil.getTime() < now.getTime();
  return {
    stuck,
    reference: open.movementId !== null ? `movement ${open.movementId}` : `proposal ${open.proposalId} ${open.txHash ?? ''}`.trim(),
  };
}
