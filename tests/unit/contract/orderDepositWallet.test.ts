import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_NAMES, roleIndexFor } from '../../../src/access';
import { MOVEMENT_KINDS, walletOutflowRefusal } from '../../../src/contract/movement';
import { walletWriteRefusal } from '../../../src/contract/walletWriteRule';
import { ORDER_DEPOSIT_KIND, ORDER_DEPOSIT_REFUSAL, orderDepositRefusal } from '../../../src/contract/merchantOrder';
import { WALLET_KINDS } from '../../../src/contract/contractKinds';

/** docs/payments.md "An address per order": an order's own address is the platform's to collect, nobody's to write or spend. */
describe("an order's own deposit address in the wallet rules", () => {
  it('is its own kind, never one a person may pick for a wallet', () => {
    expect(WALLET_KINDS).not.toContain(ORDER_DEPOSIT_KIND);
    expect(orderDepositRefusal(ORDER_DEPOSIT_KIND)).toBe(ORDER_DEPOSIT_REFUSAL);
    for (const kind of WALLET_KINDS) expect(orderDepositRefusal(kind)).toBeNull();
  });

  it('nobody writes it, the operator row and its own org manager included', () => {
    const wallet = { orgId: 4, kind: ORDER_DEPOSIT_KIND };
    const superAdmin = { org: { orgId: 1, tenantType: 0, roleLevel: 0 }, roleIndex: roleIndexFor(0, 0) };
    const ownManager = { org: { orgId: 4, tenantType: 3, roleLevel: 0 }, roleIndex: roleIndexFor(3, 0) };
    expect(walletWriteRefusal(superAdmin, wallet)).toBe(ORDER_DEPOSIT_REFUSAL);
    expect(walletWriteRefusal(ownManager, wallet)).toBe(ORDER_DEPOSIT_REFUSAL);
    // The same actors still write the org's hot wallet: the refusal is the kind's.
    expect(walletWriteRefusal(superAdmin, { orgId: 4, kind: 'Hot' })).toBeNull();
    expect(walletWriteRefusal(ownManager, { orgId: 4, kind: 'Hot' })).toBeNull();
  });

  it.each(ROLE_NAMES)('%s moves nothing out of it, whatever the kind of movement', (role) => {
    for (const kind of MOVEMENT_KINDS) expect(walletOutflowRefusal(ROLES[role], kind, ORDER_DEPOSIT_KIND)).toBe(ORDER_DEPOSIT_REFUSAL);
  });

  it("the refusal is the wallet kind's: a withdraw out of a hot wallet passes the same rule", () => {
    expect(walletOutflowRefusal(ROLES.merchantProManager, 'withdraw', 'Hot')).toBeNull();
    expect(walletOutflowRefusal(ROLES.superAdmin, 'withdraw', 'Hot')).toBeNull();
  });
});
