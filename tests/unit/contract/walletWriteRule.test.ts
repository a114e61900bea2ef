import { describe, expect, it } from 'vitest';
import { ROLES, roleIndexFor } from '../../../src/access';
import { walletWriteRefusal, type WalletActor } from '../../../src/contract/walletWriteRule';

const actor = (orgId: number, tenantType: number, roleLevel: number): WalletActor => ({
  org: { orgId, tenantType, roleLevel },
  roleIndex: roleIndexFor(tenantType, roleLevel),
});
const hot = (orgId: number) => ({ orgId, kind: 'Hot' });
const cold = (orgId: number) => ({ orgId, kind: 'MultiSigCold' });

describe('walletWriteRefusal: the one wallet write rule of the server and the console', () => {
  it('the operator row writes any org it sees; cold kinds only as superAdmin', () => {
    expect(walletWriteRefusal(actor(1, 0, 0), hot(9))).toBeNull();
    expect(walletWriteRefusal(actor(1, 0, 0), cold(9))).toBeNull();
    expect(walletWriteRefusal(actor(1, 0, 1), hot(9))).toBeNull();
    expect(walletWriteRefusal(actor(1, 0, 1), cold(9))).toBe('api.coldWalletForbidden');
  });

  it("a manager writes their own org's wallets, never another org's (an agent's merchants included)", () => {
    expect(walletWriteRefusal(actor(2, 1, 0), hot(2))).toBeNull();
    expect(walletWriteRefusal(actor(2, 1, 0), hot(4))).toBe('api.walletWriteForbidden');
    expect(walletWriteRefusal(actor(4, 3, 0), cold(4))).toBeNull();
    expect(walletWriteRefusal(actor(4, 3, 0), hot(5))).toBe('api.walletWriteForbidden');
  });

  it('employees and finance never write; the lite manager writes hot wallets but not cold ones', () => {
    expect(walletWriteRefusal(actor(4, 3, 1), hot(4))).toBe('api.walletWriteForbidden');
    expect(walletWriteRefusal(actor(4, 3, 2), hot(4))).toBe('api.walletWriteForbidden');
    expect(roleIndexFor(4, 0)).toBe(ROLES.merchantLiteManager);
    expect(walletWriteRefusal(actor(6, 4, 0), hot(6))).toBeNull();
    expect(walletWriteRefusal(actor(6, 4, 0), cold(6))).toBe('api.coldWalletForbidden');
  });
});
