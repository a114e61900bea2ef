import { walletWriteRefusal } from '../../../src/contract/walletWriteRule';
import { ORDER_DEPOSIT_REFUSAL } from '../../../src/contract/merchantOrder';
import { BodyCode } from '../../../src/contract/envelope';
import type { Caller } from '../../http/caller';
import { ApiError, forbidden } from '../../http/apiError';

/**
 * An order's own deposit address, refused on the field that names it: a 409, not a 403, because
 * the record is what forbids it, not the caller's role (a 403 signs the console out, docs/console.md).
 */
export const orderDepositRefused = (field: string) =>
  new ApiError(BodyCode.conflict, ORDER_DEPOSIT_REFUSAL, { fields: { [field]: { key: ORDER_DEPOSIT_REFUSAL } } });

/** Refuses a wallet write the caller may not make (the rule is shared with the console); `field` names the wallet in the body. */
export function assertMayWriteWallet(caller: Caller, wallet: { orgId: number; kind: string }, field = 'id'): void {
  const refusal = walletWriteRefusal(caller, wallet);
  if (refusal === ORDER_DEPOSIT_REFUSAL) throw orderDepositRefused(field);
  if (refusal) throw forbidden(refusal);
}
