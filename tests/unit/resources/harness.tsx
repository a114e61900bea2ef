import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { Admin, Resource, type AuthProvider } from 'react-admin';
import { roleIndexFor, ROLES, type RoleName } from '../../../src/access';
import { createDataProvider, createHttpClient } from '../../../src/dataProvider';
import { session } from '../../../src/session';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { defineResource, registryOf, withResourceAccess, type ResourceDefinition } from '../../../src/resources/engine';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';
import { envelope, makeDeps, server } from '../dataProvider/harness';
import { testI18nProvider } from '../testI18nProvider';

/** Signs in locally as one named role (no network): the session holds the membership. */
export function signInAs(role: RoleName) {
  const index = ROLES[role];
  const tenantType = Math.floor(index / 6);
  const roleLevel = index % 6;
  if (roleIndexFor(tenantType, roleLevel) !== index) throw new Error(`no role index ${index}`);
  localStorage.setItem('token', 'tok-test');
  session.signedIn({ userName: role, account: role, orgList: [{ orgId: 7, orgName: 'Test Org', tenantType, roleLevel }] });
}

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => session.get().roleIndex,
};

/** `<Admin>` with the given declarations (and any custom routes), the real dataProvider over msw, at `path`, as `role`. */
export function mountAdmin(resources: ResourceDefinition[], path: string, role: RoleName, customRoutes?: ReactNode) {
  signInAs(role);
  const deps = makeDeps();
  const dataProvider = createDataProvider(createHttpClient(deps), registryOf(resources));
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        authProvider={withResourceAccess(authProvider, resources)}
        i18nProvider={testI18nProvider}
        disableTelemetry
      >
        {resources.map((r) => (
          <Resource key={r.name} {...r.props} />
        ))}
        {customRoutes}
      </Admin>
    </MemoryRouter>,
  );
  return deps;
}

export interface Call {
  query: Record<string, string>;
  body: unknown;
}

/** Answers GET or POST `/api<path>` with `data`, recording each call. */
export function answer(method: 'get' | 'post', path: string, data: ((call: Call) => unknown) | Record<string, unknown>) {
  const calls: Call[] = [];
  server.use(
    http[method](`/api${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call = { query: Object.fromEntries(url.searchParams), body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      return envelope(200, typeof data === 'function' ? data(call) : data);
    }),
  );
  return calls;
}

/** A resource declared for one test file only: by default at its own route (/<name>, every role), in the settings menu. */
export const testResource = (
  declaration: Omit<ResourceDeclaration, 'route' | 'icon' | 'menuGroup'> &
    Partial<Pick<ResourceDeclaration, 'route' | 'icon' | 'menuGroup'>>,
) => defineResource({ route: { path: `/${declaration.name}`, group: 'all' }, icon: WidgetsIcon, menuGroup: 'settings', ...declaration });
