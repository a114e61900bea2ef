import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, fieldError, forbidden } from '../../http/apiError';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { holdCallerRole } from '../../http/callerRole';
import { BodyCode } from '../../../src/contract/envelope';
import { may } from '../../../src/access';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import { movementCreate, walletOutflowRefusal, type MovementKind } from '../../../src/contract/movement';
import { ORDER_DEPOSIT_REFUSAL } from '../../../src/contract/merchantOrder';
import { orderDepositRefused } from '../chainWallet/walletAccess';
import type { MovementBody } from '../../../src/contract/schemas/movement';
import { executeTransfer, lockExecutionWallets, simulatedTxHash } from './execution';
import { assertOutflowCovered, checkOutflow } from './checks';
import { insertProposal, type StartedProposal } from './proposalStart';
import type { SafeStates } from './safeProposal';
import { checkDestination, checkRefund, withdrawFee } from './rules';
import { gateOutflow } from '../policy/enforce';
import type { ChainRegistry } from '../../chain/registry';
import { recordIntents } from './intentLog';
import { walletSendIntents } from './walletIntents';
import { directGasReason } from './settle';

type Trx = Transaction<Database>;

/** The orders a refund out of this wallet may name: its org's, on its chain; with whom to pay back. */
export const refundableOrders = (trx: Trx, wallet: { orgId: number; chainId: number }) =>
  trx.selectFrom('paymentOrder').select(['id', 'payerAddress']).where('orgId', '=', wallet.orgId).where('chainId', '=', wallet.chainId);

/**
 * What the movement door needs of proposals, through this module so that movement/ never imports sign/
 * (docs/architecture.md "The way of a request"): the Safe states both doors plan with, and the status a movement
 * recorded by the proposal door reads from its proposal.
 */
export { chainSafeStates, type SafeStates } from './safeProposal';
export { effectiveStatusSql } from './expiry';

/**
 * Whether the caller may move money of this kind out of this wallet, before any amount: the
 * kind's writers, a wallet of the selected org only (the operator row and agents see other
 * orgs' wallets but put nothing into their queues), and the wallet's own rule. The save and
 * the form's quote (movement/quote.ts) both ask here, so neither is looser than the other.
 */
export async function outflowWallet(db: Kysely<Database>, caller: Caller, kind: MovementKind, walletId: number) {
  if (!may(caller.roleIndex, movementCreate(kind))) throw forbidden();
  const wallet = await db
    .selectFrom('chainWallet')
    .select(['id', 'orgId', 'chainId', 'kind', 'threshold', 'label'])
    .where('id', '=', walletId)
    .where(orgVisibleTo(caller, 'chain_wallet.org_id'))
    .executeTakeFirst();
  if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
  const refusal = walletOutflowRefusal(caller.roleIndex, kind, wallet.kind);
  // An order's own address is answered as such to everyone, the operator row too (docs/payments.md "An address per order").
  if (refusal === ORDER_DEPOSIT_REFUSAL) throw orderDepositRefused('walletId');
  if (wallet.orgId !== caller.org.orgId) throw fieldError('walletId', 'validation.walletOfSelectedOrg');
  if (refusal) throw fieldError('walletId', refusal);
  return wallet;
}

/**
 * Money leaving a wallet, by either door: a movement (`/sys/movement/save`) or a money
 * proposal (`/sys/sign/start`, which must name a multisig wallet). Both doors apply the
 * same rules, so neither is looser than the other:
 * - the kind's writers (`<kind>.create`, src/access/policy.ts) and the wallet's own rule (cold wallets need
 *   coldAdmins, a transfer allowTransfer);
 * - a wallet of the selected org only: the operator row and agents see other orgs'
 *   wallets but put nothing into their queues;
 * - the kind's destination, minimum, fee and refund rules, on an enabled chain and currency;
 * - out of a multisig wallet it is always a proposal, whatever the tier: m-of-n is never
 *   one person's decision; out of any other wallet it is executed at once, unless the
 *   org's policy asks approvals for it (then it is a proposal too) or blocks it
 *   (server/modules/policy/enforce.ts).
 * The caller's membership is held first (its role as it stands: a role lowered meanwhile refuses it),
 * then the source wallet and any destination wallet of ours are locked (ascending id),
 * then the order a refund names; every check reads what is locked, and any refusal rolls
 * the whole request back.
 */
export async function recordMovement(
  trx: Trx,
  caller: Caller,
  body: MovementBody,
  now: Date,
  ttlHours: number,
  door: 'movement' | 'proposal',
  safes: SafeStates,
  /** Where a direct movement out of a hot or cold wallet is sent (walletIntents.ts), under the request's lease; null: no chain is reached. */
  send: { chains: ChainRegistry | null; leaseToken: string } | null = null,
): Promise<{ movementId: number; proposal: StartedProposal | null; sending: boolean }> {
  await holdCallerRole(trx, caller);
  const wallet = await outflowWallet(trx, caller, body.kind, body.walletId);
  const multisig = isMultiSigKind(wallet.kind) && wallet.threshold !== null;
  if (door === 'proposal' && !multisig) throw badRequest({ walletId: { key: 'validation.notMultisig' } });

  // A refund may leave `to` blank: the order's payer gets the money back.
  const order =
    body.kind === 'refund' ? await refundableOrders(trx, wallet).where('orderNo', '=', body.orderNo).executeTakeFirst() : undefined;
  if (body.kind === 'refund' && !order) throw fieldError('orderNo', 'validation.orderNotFound');
  const { family, currency, to } = await checkOutflow(trx, wallet, { ...body, to: body.to || (order?.payerAddress ?? '') });
  await checkDestination(trx, body.kind, wallet, to);
  // The withdraw fee is charged either way: fixed now, debited with the amount when a proposal executes.
  const chargedFee = body.kind === 'withdraw' ? await withdrawFee(trx, currency, body.amount) : '0';
  const route = await lockExecutionWallets(trx, { walletId: wallet.id, chainId: wallet.chainId, toAddress: to, fee: chargedFee });
  const refunded = order ? await checkRefund(trx, order.id, currency.id, body.amount) : null;
  // The org's policy, once the wallets are locked: two outflows of one wallet see each other's amounts.
  const gate = await gateOutflow(
    trx,
    { kind: body.kind, wallet: { ...wallet, multisig }, currencyId: currency.id, symbol: body.symbol, amount: body.amount, to },
    now,
  );
  await assertOutflowCovered(trx, wallet, currency.id, body.amount, chargedFee);

  const proposal =
    multisig || gate.threshold !== null
      ? await insertProposal(
          trx,
          caller,
          wallet.id,
          {
            kind: body.kind,
            toAddress: to,
            amount: body.amount,
            symbol: body.symbol,
            currencyId: currency.id,
            fee: chargedFee,
            memo: body.memo,
            orderId: refunded,
            newSigners: null,
            newThreshold: null,
          },
          now,
          ttlHours,
          gate,
          safes,
        )
      : null;
  // What leaves the wallet, as the send intents and the books both name it.
  const outflow = {
    walletId: wallet.id,
    orgId: wallet.orgId,
    chainId: wallet.chainId,
    currencyId: currency.id,
    amount: body.amount,
    fee: chargedFee,
  };
  // Executed at once. On a chain that moves, its transactions are recorded here and sent once this commits.
  const intents = proposal ? null : await walletSendIntents(trx, send?.chains ?? null, { ...outflow, to }, route, caller.userId);
  const txHash = proposal || intents ? null : simulatedTxHash(family);
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
      fee: chargedFee,
      memo: body.memo,
      orderId: refunded,
      proposalId: proposal?.proposalId ?? null,
      status: proposal ? 'proposed' : intents ? 'sending' : 'executed',
      txHash,
      createdBy: caller.userId,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (intents && send) await recordIntents(trx, { movementId }, intents, { token: send.leaseToken, now });
  if (txHash) {
    await executeTransfer(
      trx,
      { ...outflow, symbol: body.symbol, reason: 'movement', proposalId: null, movementId, gasReason: directGasReason(body.kind) },
      route,
      txHash,
      now,
    );
  }
  return { movementId, proposal, sending: intents !== null };
}
