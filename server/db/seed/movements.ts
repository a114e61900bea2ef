import { sql } from 'kysely';
import { MOVEMENT_KINDS } from '../../../src/contract/movement';
import { executeTransfer, lockExecutionWallets } from '../../modules/outflow/execution';
import { demoEvmAddress } from './wallets';
import { demoTxHash } from './chainTransfers';
import type { DemoSeed } from './demoSeed';
import { currencyOnChain } from '../../modules/ledger/currencyOnChain';
import { refundableOrders } from '../../modules/outflow/record';

interface DirectMovement {
  kind: 'transfer' | 'withdraw' | 'refund';
  wallet: string;
  symbol: string;
  amount: string;
  by: string;
  memo: string;
}

/** Direct movements out of the merchants' hot wallets (Ethereum), executed when seeded. */
const directMovements: DirectMovement[] = [
  { kind: 'transfer', wallet: 'Birch deposits', symbol: 'USDC', amount: '150', by: 'merchantStdFinance', memo: 'Supplier invoice 118' },
  { kind: 'transfer', wallet: 'Cedar deposits', symbol: 'USDT', amount: '75', by: 'merchantLiteManager', memo: 'Coffee beans' },
  { kind: 'withdraw', wallet: 'Aurora deposits', symbol: 'USDT', amount: '200', by: 'merchantProFinance', memo: 'To the bank desk' },
  { kind: 'withdraw', wallet: 'Birch deposits', symbol: 'USDC', amount: '100', by: 'merchantStdManager', memo: 'Payout' },
  { kind: 'refund', wallet: 'Aurora deposits', symbol: 'USDT', amount: '5', by: 'merchantProFinance', memo: 'Partial refund' },
  { kind: 'refund', wallet: 'Birch deposits', symbol: 'USDC', amount: '5', by: 'merchantStdManager', memo: 'Damaged item' },
];

/**
 * Demo movements: every seeded proposal of a movement kind is the movement that started
 * it (so /transfer and /supply-history show proposals in every status), and a few direct
 * transfers, withdrawals (with the currency's fee) and refunds of paid orders, executed
 * through the same ledger code as the API.
 */
export async function seedMovements({ trx, walletIds, userIds }: DemoSeed, now = new Date()): Promise<void> {
  const proposals = await trx.selectFrom('proposal').selectAll().where('kind', 'in', MOVEMENT_KINDS).orderBy('id').execute();
  for (const p of proposals) {
    // The query kept movement kinds only; finding it among them narrows the proposal's text kind.
    const kind = MOVEMENT_KINDS.find((movementKind) => movementKind === p.kind);
    if (!kind) continue;
    await trx
      .insertInto('movement')
      .values({
        orgId: p.orgId,
        chainId: p.chainId,
        walletId: p.walletId,
        kind,
        toAddress: p.toAddress,
        currencyId: p.currencyId!,
        symbol: p.symbol,
        amount: p.amount,
        fee: p.fee,
        memo: p.memo,
        proposalId: p.id,
        status: 'proposed',
        txHash: null,
        createdBy: p.proposerId,
        createdAt: p.createdAt,
      })
      .execute();
  }
  for (const [index, m] of directMovements.entries()) {
    const wallet = await trx
      .selectFrom('chainWallet')
      .select(['id', 'orgId', 'chainId'])
      .where('id', '=', walletIds[m.wallet])
      .executeTakeFirstOrThrow();
    const currency = await currencyOnChain(trx, wallet.chainId, m.symbol).select(['id', 'withdrawFee']).executeTakeFirstOrThrow();
    const order =
      m.kind === 'refund'
        ? await refundableOrders(trx, wallet)
            .where('currencyId', '=', currency.id)
            .where('status', '=', 'paid')
            .where(sql<boolean>`amount >= ${m.amount}::numeric`)
            .orderBy('id')
            .executeTakeFirst()
        : undefined;
    if (m.kind === 'refund' && !order?.payerAddress) continue;
    const fee = m.kind === 'withdraw' ? currency.withdrawFee : '0';
    const txHash = demoTxHash(`movement ${index}`, false);
    const createdAt = new Date(now.getTime() + index);
    const toAddress = order?.payerAddress ?? demoEvmAddress(`demo payee ${index}`);
    const route = await lockExecutionWallets(trx, { walletId: wallet.id, chainId: wallet.chainId, toAddress, fee });
    const { id: movementId } = await trx
      .insertInto('movement')
      .values({
        orgId: wallet.orgId,
        chainId: wallet.chainId,
        walletId: wallet.id,
        kind: m.kind,
        toAddress,
        currencyId: currency.id,
        symbol: m.symbol,
        amount: m.amount,
        fee,
        memo: m.memo,
        orderId: order?.id ?? null,
        proposalId: null,
        status: 'executed',
        txHash,
        createdBy: userIds[m.by],
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outflow = {
      walletId: wallet.id,
      orgId: wallet.orgId,
      chainId: wallet.chainId,
      currencyId: currency.id,
      amount: m.amount,
      fee,
      symbol: m.symbol,
    };
    await executeTransfer(
      trx,
      { ...outflow, reason: 'movement', proposalId: null, movementId, gasReason: m.kind === 'withdraw' ? 'withdraw' : 'transfer' },
      route,
      txHash,
      createdAt,
    );
  }
}
