import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteGuard } from '../../../src/shell/guard/RouteGuard';
import { testI18nProvider as i18nProvider } from '../testI18nProvider';
import { session } from '../../../src/session';

const authProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => session.get().roleIndex,
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route
            path="/brand"
            element={
              <RouteGuard path="/brand">
                <p>brand editor</p>
              </RouteGuard>
            }
          />
          <Route path="/403" element={<p>forbidden page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );

describe('RouteGuard on custom routes', () => {
  it('lets the operator row in', async () => {
    session.signedIn({ userName: 'S', account: 'superAdmin', orgList: [{ orgId: 1, orgName: 'Op', tenantType: 0, roleLevel: 0 }] });
    renderAt('/brand');
    expect(await screen.findByText('brand editor')).toBeTruthy();
  });

  it('sends a denied role to /403', async () => {
    session.signedIn({ userName: 'L', account: 'lite', orgList: [{ orgId: 4, orgName: 'Lite', tenantType: 4, roleLevel: 1 }] });
    renderAt('/brand');
    expect(await screen.findByText('forbidden page')).toBeTruthy();
    expect(screen.queryByText('brand editor')).toBeNull();
  });
});
