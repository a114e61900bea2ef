import { http as mock } from 'msw';
import { describe, expect, it } from 'vitest';
import HubIcon from '@mui/icons-material/Hub';
import { ApiPath } from '../../../src/contract/apiPaths';
import { afterUpdateOf } from '../../../src/resources/engine/afterUpdate';
import type { ResourceDeclaration } from '../../../src/resources/engine';
import { session } from '../../../src/session';
import { envelope, startMockApi } from '../dataProvider/harness';

const server = startMockApi();

const people: ResourceDeclaration = {
  name: 'member',
  route: '/member',
  icon: HubIcon,
  menuGroup: 'orgs',
  fields: [{ source: 'account', kind: 'text' }],
  ownAccountField: 'account',
};

const orgAs = (roleLevel: number) => [{ orgId: 1, orgName: 'Org', tenantType: 3, roleLevel }];

describe('ownAccountField: a write to one’s own record re-reads the session (src/resources/engine/afterUpdate.ts)', () => {
  it('reads /me after an update of the signed-in account’s record, not after another’s', async () => {
    session.signedIn({ userName: 'Me', account: 'me', orgList: orgAs(0) });
    let reads = 0;
    server.use(
      mock.get(`/api${ApiPath.auth.me}`, () => {
        reads += 1;
        return envelope(200, { userName: 'Me', account: 'me', orgList: orgAs(2) });
      }),
    );
    const { afterUpdate } = afterUpdateOf(people);
    await afterUpdate?.({ userId: 8, account: 'someone-else', roleLevel: 2 });
    expect(reads).toBe(0);
    expect(session.get().selectedOrg?.roleLevel).toBe(0);
    await afterUpdate?.({ userId: 7, account: 'me', roleLevel: 2 });
    expect(reads).toBe(1);
    expect(session.get().selectedOrg?.roleLevel).toBe(2);
  });

  it('a declaration without it keeps its own hook, or none', () => {
    const own = async () => {};
    expect(afterUpdateOf({ ...people, ownAccountField: undefined })).toEqual({});
    expect(afterUpdateOf({ ...people, ownAccountField: undefined, afterUpdate: own }).afterUpdate).toBe(own);
  });
});
