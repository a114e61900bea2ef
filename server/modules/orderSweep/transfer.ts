import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChainRegistry } from '../../chain/registry';
import { assertChainMoves, assertCurrencyMoves, assertOutflowCovered } from '../outflow/checks';
import { executeTransfer, lockExecutionWallets, simulatedTxHash } from '../outflow/execution';
import { recordIntents } from '../outflow/intentLog';
import { walletSendIntents } from '../outflow/walletIntents';

type Trx = Transaction<Database>;

/** One transfer a sweep makes: a gas top-up into an order address, or an order address's money into the hot wallet. */
export interface SweepTransfer {
  walletId: number;
  orgId: number;
  chainId: number;
  family: string;
  currencyId: number;
  symbol: string;
  amount: string;
  to: string;
  memo: string;
  createdBy: number;
}

/**
 * Records one of a sweep's transfers as a movement of kind `transfer` (docs/payments.md "Collecting
 * order payments"), by the rules every outflow follows: the chain and currency still move, the
 * wallets locked in id order, what the wallet holds (less what is on its way out) covering the
 * amount and its gas, read under the lock — so two sweeps of one address never both take its money.
 * On a chain that moves money its transaction is recorded in the intent log, to send once this
 * commits (docs/chains.md "The intent log"); on a simulated one the books move it at once.
 * A wallet that no longer holds it is a 400 on `amount`: nothing is written.
 */
export async function recordSweepTransfer(
  trx: Trx,
  transfer: SweepTransfer,
  send: { chains: ChainRegistry | null; leaseToken: string; now: Date },
): Promise<{ movementId: number; sending: boolean }> {
  await assertChainMoves(trx, transfer.chainId);
  await assertCurrencyMoves(trx, transfer.currencyId);
  const route = await lockExecutionWallets(trx, { walletId: transfer.walletId, chainId: transfer.chainId, toAddress: transfer.to });
  await assertOutflowCovered(trx, { id: transfer.walletId, chainId: transfer.chainId }, transfer.currencyId, transfer.amount);
  const outflow = { ...transfer, fee: '0' };
  const intents = await walletSendIntents(trx, send.chains, outflow, route, transfer.createdBy);
  const txHash = intents ? null : simulatedTxHash(transfer.family);
  const { id: movementId } = await trx
    .insertInto('movement')
    .values({
      orgId: transfer.orgId,
      chainId: transfer.chainId,
      walletId: transfer.walletId,
      kind: 'transfer',
      toAddress: transfer.to,
      currencyId: transfer.currencyId,
      symbol: transfer.symbol,
      amount: transfer.amount,
      fee: '0',
      memo: transfer.memo,
      orderId: null,
      proposalId: null,
      status: intents ? 'sending' : 'executed',
      txHash,
      createdBy: transfer.createdBy,
      createdAt: send.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (intents) await recordIntents(trx, { movementId }, intents, { token: send.leaseToken, now: send.now });
  if (txHash)
    await executeTransfer(
      trx,
      { ...outflow, reason: 'movement', proposalId: null, movementId, gasReason: 'transfer' },
      route,
      txHash,
      send.now,
    );
  return { movementId, sending: intents !== null };
}
