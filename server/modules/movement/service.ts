import type { Db } from '../../db/database';
import { ApiError, fieldError, forbidden } from '../../http/apiError';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { maskHas, TenantType } from '../../../src/access';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import { MOVEMENT_WRITERS, walletOutflowRefusal } from '../../../src/contract/movement';
import type { MovementBody, MovementRecord } from '../../../src/contract/schemas/movement';
import { executeTransfer, lockExecutionWallets, simulatedTxHash } from '../sign/execution';
import { assertBalanceCovers, checkOutflow } from '../sign/outflow';
import { startProposalIn } from '../sign/service';
import { checkDestination, checkRefund, withdrawFee } from './rules';
import { findMovement } from './queries';

/**
 * POST /sys/movement/save, in one transaction: the source wallet (of the selected org)
 * and any destination wallet of ours are locked first, then the order a refund names; the
 * checks run on what is locked. Out of a multisig wallet the movement starts a proposal of
 * its kind; out of any other it is executed at once. The lite tier has no multisig
 * screens, so its movements are always direct.
 */
export async function saveMovement(db: Db, caller: Caller, body: MovementBody, now: Date, ttlHours: number): Promise<MovementRecord> {
  if (!maskHas(MOVEMENT_WRITERS[body.kind], caller.roleIndex)) throw forbidden();
  const id = await db.transaction().execute(async (trx) => {
    const wallet = await trx
      .selectFrom('chainWallet')
      .select(['id', 'orgId', 'chainId', 'kind', 'threshold'])
      .where('id', '=', body.walletId)
      .where(orgVisibleTo(caller, 'chain_wallet.org_id'))
      .executeTakeFirst();
    if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
    if (wallet.orgId !== caller.org.orgId) throw fieldError('walletId', 'validation.walletOfSelectedOrg');
    const refusal = walletOutflowRefusal(caller.roleIndex, body.kind, wallet.kind);
    if (refusal) throw fieldError('walletId', refusal);

    // A refund may leave `to` blank: the order's payer gets the money back.
    const order =
      body.kind === 'refund'
        ? await trx.selectFrom('paymentOrder').select(['id', 'payerAddress']).where('orderNo', '=', body.orderNo).where('orgId', '=', wallet.orgId).where('chainId', '=', wallet.chainId).executeTakeFirst()
        : undefined;
    if (body.kind === 'refund' && !order) throw fieldError('orderNo', 'validation.orderNotFound');
    const { family, currency, to } = await checkOutflow(trx, wallet, { ...body, to: body.to || (order?.payerAddress ?? '') });
    await checkDestination(trx, body.kind, wallet, to);
    const { destinationId } = await lockExecutionWallets(trx, { walletId: wallet.id, chainId: wallet.chainId, toAddress: to });
    const refunded = order ? await checkRefund(trx, order.id, currency.id, body.amount) : null;

    const viaProposal = isMultiSigKind(wallet.kind) && wallet.threshold !== null && caller.org.tenantType !== TenantType.merchantLite;
    // A proposal moves the amount when its signers confirm; the withdraw fee is charged on direct withdraws.
    const currencyFee = body.kind === 'withdraw' ? await withdrawFee(trx, currency, body.amount) : '0';
    const fee = viaProposal ? '0' : currencyFee;
    await assertBalanceCovers(trx, wallet.id, currency.id, body.amount, fee);

    const proposal = viaProposal ? await startProposalIn(trx, caller, { walletId: wallet.id, kind: body.kind, to, amount: body.amount, symbol: body.symbol, memo: body.memo }, now, ttlHours) : null;
    const txHash = proposal ? null : simulatedTxHash(family);
    const { id: movementId } = await trx
      .insertInto('movement')
      .values({
        orgId: wallet.orgId,
        chainId: wallet.chainId,
        walletId: wallet.id,
        kind: body.kind,
        toAddress: to,
        currencyId: currency.id,
        symbol: body.symbol,
        amount: body.amount,
        fee,
        memo: body.memo,
        orderId: refunded,
        proposalId: proposal?.proposalId ?? null,
        status: proposal ? 'proposed' : 'executed',
        txHash,
        createdBy: caller.userId,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (txHash) {
      await executeTransfer(trx, { walletId: wallet.id, currencyId: currency.id, amount: body.amount, fee, symbol: body.symbol, reason: 'movement', proposalId: null }, destinationId, txHash, now);
    }
    return movementId;
  });
  return findMovement(db, caller, id, now);
}
