import { describe, expect, it } from 'vitest';
import { ACTIONS, canAccessResource, isActionName, may, ROLE_NAMES, ROLES, type ActionName, type RoleName } from '../../../src/access';

/**
 * The access table (src/access/policy.ts) read against lists written here by hand from
 * docs/roles-and-routes.md and docs/DECISIONS.md: who may move money, who may change the
 * rules around it. A mask changed by mistake in the table fails here, not in production.
 */
const allowed = (action: ActionName): RoleName[] => ROLE_NAMES.filter((name) => may(ROLES[name], action));

describe('the access table', () => {
  it.each<[ActionName, RoleName[]]>([
    [
      'withdraw.create',
      ['superAdmin', 'merchantProManager', 'merchantProFinance', 'merchantLiteManager', 'merchantStdManager', 'merchantStdFinance'],
    ],
    [
      'refund.create',
      ['superAdmin', 'merchantProManager', 'merchantProFinance', 'merchantLiteManager', 'merchantStdManager', 'merchantStdFinance'],
    ],
    ['supply.create', ['superAdmin', 'merchantProManager', 'merchantStdManager']],
    ['coldWallet.moveOut', ['superAdmin', 'agentManager', 'merchantProManager', 'merchantStdManager']],
    ['liteColdWallet.moveOut', ['superAdmin', 'agentManager', 'merchantProManager', 'merchantLiteManager', 'merchantStdManager']],
    ['coldWallet.write', ['superAdmin', 'agentManager', 'merchantProManager', 'merchantStdManager']],
    [
      'wallet.transferOut',
      [
        'merchantProFinance',
        'merchantLiteManager',
        'merchantLiteEmployee',
        'merchantStdManager',
        'merchantStdFinance',
        'merchantStdEmployee',
      ],
    ],
    ['payLink.write', ['merchantProManager', 'merchantProFinance', 'merchantLiteManager', 'merchantStdManager', 'merchantStdFinance']],
    ['order.refund', ['merchantProManager', 'merchantProFinance', 'merchantLiteManager', 'merchantStdManager', 'merchantStdFinance']],
    ['invitation.issue', ['superAdmin', 'agentManager']],
    ['apiKey.manage', ['merchantProManager', 'merchantLiteManager', 'merchantStdManager']],
    ['webhook.manage', ['merchantProManager', 'merchantLiteManager', 'merchantStdManager']],
    ['order.recredit', ['superAdmin', 'operatorEmployee']],
    [
      'order.recheck',
      [
        'superAdmin',
        'operatorEmployee',
        'merchantProManager',
        'merchantProFinance',
        'merchantLiteManager',
        'merchantStdManager',
        'merchantStdFinance',
      ],
    ],
    ['policy.edit', ['superAdmin', 'agentManager', 'merchantProManager', 'merchantLiteManager', 'merchantStdManager']],
    ['ledger.verify', ['superAdmin', 'operatorEmployee']],
    [
      'auditLog.read',
      ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProManager', 'merchantLiteManager', 'merchantStdManager'],
    ],
  ])('%s: only %j', (action, roles) => {
    expect(allowed(action)).toEqual(roles);
  });

  it('no employee of a merchant moves money or changes a rule', () => {
    const employees: RoleName[] = ['merchantProEmployee', 'merchantStdEmployee'];
    const money: ActionName[] = [
      'withdraw.create',
      'refund.create',
      'supply.create',
      'coldWallet.moveOut',
      'payLink.write',
      'order.refund',
      'policy.edit',
      'member.manage',
      'wallet.write',
    ];
    for (const role of employees) for (const action of money) expect(may(ROLES[role], action), `${role} ${action}`).toBe(false);
  });

  it('nobody without a role may do anything, and an unknown name is no action', () => {
    for (const action of Object.keys(ACTIONS) as ActionName[]) expect(may(null, action)).toBe(false);
    expect(isActionName('withdraw.create')).toBe(true);
    expect(isActionName('toString')).toBe(false);
    expect(isActionName('withdraw.delete')).toBe(false);
  });

  it("react-admin's question for an undeclared route: the route's group first, then the action of the same name", () => {
    // Standard finance opens /supply but is no cold admin.
    expect(canAccessResource(ROLES.merchantStdFinance, 'supply', 'list')).toBe(true);
    expect(canAccessResource(ROLES.merchantStdFinance, 'supply', 'create')).toBe(false);
    // A cold admin of the pro tier may, but not on a route its row cannot open.
    expect(canAccessResource(ROLES.merchantProManager, 'supply', 'create')).toBe(true);
    expect(canAccessResource(ROLES.agentManager, 'supply', 'create')).toBe(false);
    expect(canAccessResource(ROLES.superAdmin, 'no-such-route', 'list')).toBe(false);
  });
});
