import { may } from '../access';
import { isColdKind } from './contractKinds';
import { orderDepositRefusal, type ORDER_DEPOSIT_REFUSAL } from './merchantOrder';

/** Who acts: the selected org membership and the role it gives. */
export interface WalletActor {
  org: { orgId: number; tenantType: number; roleLevel: number };
  roleIndex: number | null;
}

/**
 * Who may create, change or delete a wallet: the operator row for any org it sees;
 * otherwise only a manager (column 0) acting in the wallet's own org. Cold wallets
 * additionally need coldAdmins (superAdmin and the pro, std and agent managers), so
 * operatorEmployee and lite managers never touch them. The server refuses with the
 * returned key; the console hides edit and delete where it is not null (a refused
 * write answers 403, which the console turns into a sign-out, docs/console.md). An order's own
 * deposit address is nobody's to write, whoever asks (merchantOrder.ts `orderDepositRefusal`).
 */
export function walletWriteRefusal(
  actor: WalletActor,
  wallet: { orgId: number; kind: string },
): 'api.walletWriteForbidden' | 'api.coldWalletForbidden' | typeof ORDER_DEPOSIT_REFUSAL | null {
  const orderDeposit = orderDepositRefusal(wallet.kind);
  if (orderDeposit) return orderDeposit;
  const operatorRow = actor.org.tenantType === 0;
  const ownOrgManager = actor.org.orgId === wallet.orgId && actor.org.roleLevel === 0;
  if (!operatorRow && !ownOrgManager) return 'api.walletWriteForbidden';
  if (isColdKind(wallet.kind) && !may(actor.roleIndex, 'coldWallet.write')) return 'api.coldWalletForbidden';
  return null;
}
