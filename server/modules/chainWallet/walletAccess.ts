import { canRoleDo, masks } from '../../../src/access';
import { isColdKind } from '../../../src/contract/contractKinds';
import type { Caller } from '../../http/caller';
import { forbidden } from '../../http/apiError';

/**
 * Who may create, change or delete a wallet: the operator row for any org it sees;
 * otherwise only a manager (column 0) acting in the wallet's own org. Cold wallets
 * additionally need coldAdmins (superAdmin and the pro, std and agent managers), so
 * operatorEmployee and lite managers never touch them.
 */
export function assertMayWriteWallet(caller: Caller, wallet: { orgId: number; kind: string }): void {
  const operatorRow = caller.org.tenantType === 0;
  const ownOrgManager = caller.org.orgId === wallet.orgId && caller.org.roleLevel === 0;
  if (!operatorRow && !ownOrgManager) throw forbidden('api.walletWriteForbidden');
  if (isColdKind(wallet.kind) && !canRoleDo(caller.roleIndex, masks.coldAdmins)) throw forbidden('api.coldWalletForbidden');
}
