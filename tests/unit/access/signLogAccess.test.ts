import { describe, expect, it } from 'vitest';
import { ACTIONS, canAccess, maskHas, ROLE_NAMES, ROLES, routeMask, type RoutePath } from '../../../src/access';

const SIGN_LOG_READERS = ACTIONS['signLog.read'];
import { withResourceAccess } from '../../../src/resources/engine';
import { signListsShownOn, SIGN_LOG_RESOURCE } from '../../../src/resources/multisig/signLists';

/** The sign log is /multisig's list (docs/console.md "Sign log and waiting proposals"): the same roles, on both sides. */
describe('who reads the sign log', () => {
  it('the server’s mask is exactly the roles that open /multisig', () => {
    for (const role of ROLE_NAMES) expect(maskHas(SIGN_LOG_READERS, ROLES[role]), role).toBe(canAccess(ROLES[role], '/multisig'));
    expect(maskHas(SIGN_LOG_READERS, ROLES.merchantLiteEmployee)).toBe(false);
  });

  it('a path outside the route table has no mask', () => {
    expect(() => routeMask('/nowhere' as RoutePath)).toThrow(/not in the route table/);
  });

  it('the console asks /multisig’s list access for the sign-log list', async () => {
    const asked: Array<{ resource: string; action: string }> = [];
    const provider = withResourceAccess(
      {
        canAccess: async ({ resource, action }) => (asked.push({ resource, action }), resource === 'multisig'),
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getPermissions: async () => undefined,
      },
      [],
      signListsShownOn,
    );
    expect(await provider.canAccess!({ resource: SIGN_LOG_RESOURCE, action: 'list' })).toBe(true);
    expect(asked).toEqual([{ resource: 'multisig', action: 'list' }]);
    expect(await provider.canAccess!({ resource: 'movement-proposals-unknown', action: 'list' })).toBe(false);
  });
});
