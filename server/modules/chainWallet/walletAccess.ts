import { walletWriteRefusal } from '../../../src/contract/walletWriteRule';
import type { Caller } from '../../http/caller';
import { forbidden } from '../../http/apiError';

/** Refuses a wallet write the caller may not make (the rule is shared with the console). */
export function assertMayWriteWallet(caller: Caller, wallet: { orgId: number; kind: string }): void {
  const refusal = walletWriteRefusal(caller, wallet);
  if (refusal) throw forbidden(refusal);
}
