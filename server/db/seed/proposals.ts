import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { demoEvmAddress, demoTronAddress } from './wallets';

const HOUR = 3_600_000;

/**
 * SPEC B7: proposals in every status on the demo multisig wallets, with their votes
 * and sign log. Executed ones are history (no balance change: the seeded balances
 * are after them); open ones leave a queue to work on.
 */
export async function seedProposals(trx: Transaction<Database>, walletIds: Record<string, number>, userIds: Record<string, number>, now = new Date()): Promise<void> {
  const walletOf = (label: string) => trx.selectFrom('chainWallet').select(['id', 'chainId', 'orgId', 'threshold']).where('id', '=', walletIds[label]).executeTakeFirstOrThrow();
  const currencyOf = (chainId: number, symbol: string) => trx.selectFrom('currency').select('id').where('chainId', '=', chainId).where('symbol', '=', symbol).executeTakeFirstOrThrow();
  const [manager, finance, employee] = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'].map((a) => userIds[a]);
  // History on the cold wallet; the open queue on the TRON hot wallet, so new cold proposals are not held behind it.
  const plan: Array<{ wallet: string; symbol: string; nonce: number; status: string; amount: string; ageHours: number; votes: Array<[number, 'approve' | 'deny']>; memo: string }> = [
    { wallet: 'Aurora cold', symbol: 'ETH', nonce: 1, status: 'executed', amount: '2', ageHours: 70, votes: [[manager, 'approve'], [finance, 'approve']], memo: 'Quarterly settlement' },
    { wallet: 'Aurora cold', symbol: 'ETH', nonce: 2, status: 'denied', amount: '40', ageHours: 60, votes: [[manager, 'approve'], [employee, 'deny']], memo: 'Unverified recipient' },
    { wallet: 'Aurora cold', symbol: 'ETH', nonce: 3, status: 'expired', amount: '3', ageHours: 100, votes: [[manager, 'approve']], memo: 'Vendor payout' },
    { wallet: 'Aurora TRON hot', symbol: 'USDT', nonce: 1, status: 'approved', amount: '1250', ageHours: 5, votes: [[finance, 'approve'], [manager, 'approve']], memo: 'Liquidity top-up' },
    { wallet: 'Aurora TRON hot', symbol: 'TRX', nonce: 2, status: 'pending', amount: '750', ageHours: 2, votes: [[finance, 'approve']], memo: 'Refund batch' },
  ];
  for (const [index, p] of plan.entries()) {
    const wallet = await walletOf(p.wallet);
    const currency = await currencyOf(wallet.chainId, p.symbol);
    const tron = wallet.chainId !== 1;
    const createdAt = new Date(now.getTime() - p.ageHours * HOUR);
    const expiresAt = new Date(createdAt.getTime() + 72 * HOUR);
    const { id } = await trx
      .insertInto('proposal')
      .values({
        walletId: wallet.id,
        chainId: wallet.chainId,
        orgId: wallet.orgId,
        kind: 'transfer',
        toAddress: tron ? demoTronAddress(`demo recipient ${index}`) : demoEvmAddress(`demo recipient ${index}`),
        amount: p.amount,
        symbol: p.symbol,
        currencyId: currency.id,
        memo: p.memo,
        nonce: p.nonce,
        status: p.status,
        threshold: wallet.threshold ?? 2,
        proposerId: p.votes[0][0],
        txHash: p.status === 'executed' ? `0x${'ab'.repeat(32)}` : null,
        createdAt,
        updatedAt: createdAt,
        expiresAt,
        executedAt: p.status === 'executed' ? new Date(createdAt.getTime() + HOUR) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('signLog').values({ proposalId: id, action: 'start', actorId: p.votes[0][0], comment: p.memo, createdAt }).execute();
    for (const [step, [signerId, vote]] of p.votes.entries()) {
      const at = new Date(createdAt.getTime() + step * 60_000);
      await trx.insertInto('proposalVote').values({ proposalId: id, signerId, vote, comment: '', createdAt: at }).execute();
      if (step > 0) await trx.insertInto('signLog').values({ proposalId: id, action: vote === 'deny' ? 'deny' : 'approval', actorId: signerId, comment: '', createdAt: at }).execute();
    }
    const closing = p.status === 'executed' ? 'confirm' : p.status === 'expired' ? 'expire' : null;
    if (closing) await trx.insertInto('signLog').values({ proposalId: id, action: closing, actorId: closing === 'confirm' ? employee : null, comment: '', createdAt: new Date(createdAt.getTime() + (closing === 'expire' ? 72 : 1) * HOUR) }).execute();
  }
}
