import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { OrgTwoFactorCard } from '../../../src/pages/account/OrgTwoFactorCard';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

/**
 * docs/DECISIONS.md "Screens read through the dataProvider": a screen's read is a react-query
 * query keyed by the selected org, so switching org reads it again (the server answers for the
 * org it is sent), with no effect of the screen's own.
 */
describe('a console read follows the org switcher', () => {
  it('the org’s two-factor rule is read once, and again for another org', async () => {
    const reads = answer('get', ApiPath.org.twoFactor, { required: true });
    mountAdmin(
      [],
      '/card',
      'merchantProManager',
      <CustomRoutes>
        <Route path="/card" element={<OrgTwoFactorCard />} />
      </CustomRoutes>,
    );
    expect(await screen.findByRole('switch', { checked: true })).toBeTruthy();
    expect(reads).toHaveLength(1);

    const { orgList, account, userName } = session.get();
    act(() => {
      session.signedIn({
        account: account!,
        userName: userName!,
        orgList: [...orgList, { ...orgList[0], orgId: 8, orgName: 'Second Org' }],
      });
      session.selectOrg(8);
    });
    expect(await screen.findByText(/Second Org/)).toBeTruthy();
    await expect.poll(() => reads.length, { timeout: 5000 }).toBe(2);
  });
});
