import { afterAll, beforeAll } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Admin, Resource } from 'react-admin';
import { createAuthProvider } from '../../../src/authProvider';
import { createDataProvider, createHttpClient } from '../../../src/dataProvider';
import { session } from '../../../src/session';
import { registryOf, withResourceAccess, type ResourceDefinition } from '../../../src/resources/engine';
import { startTestServer, type TestServer } from '../../api/harness';
import { DEMO_PASSWORD } from '../../../server/db/seed/demoData';
import { testI18nProvider } from '../testI18nProvider';

/**
 * Resources mounted in react-admin against the real API (Fastify on an in-memory PGlite, on a
 * free port) for the calling test file: `signIn(account, path)` renders the console there, and
 * `requests` / `toasts` record what it posted and what it told the user.
 */
export function realApi(resources: readonly ResourceDefinition[]) {
  const env = { server: undefined as unknown as TestServer, baseUrl: '', requests: [] as string[], toasts: [] as string[] };
  beforeAll(async () => {
    env.server = await startTestServer();
    env.baseUrl = await env.server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => env.server?.close());

  function mount(path: string) {
    const http = createHttpClient({
      baseUrl: `${env.baseUrl}/api`,
      getToken: () => localStorage.getItem('token'),
      getLanguage: () => 'en-US',
      getOrgId: () => (session.get().selectedOrg ? String(session.get().selectedOrg!.orgId) : null),
      translate: (key, params) => testI18nProvider.translate(key, params),
      notifyError: (message) => env.toasts.push(message),
      onAuthFailure: () => undefined,
    });
    const counting: typeof http = { ...http, post: (p, body) => (env.requests.push(`POST ${p}`), http.post(p, body)) };
    const authProvider = withResourceAccess(createAuthProvider(counting), [...resources]);
    const dataProvider = createDataProvider(counting, registryOf(resources));
    return {
      authProvider,
      view: () =>
        render(
          <MemoryRouter initialEntries={[path]}>
            <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={testI18nProvider} disableTelemetry>
              {resources.map((r) => (
                <Resource key={r.name} {...r.props} />
              ))}
            </Admin>
          </MemoryRouter>,
        ),
    };
  }

  async function signIn(account: string, path: string) {
    const { authProvider, view } = mount(path);
    await authProvider.login({ username: account, password: DEMO_PASSWORD });
    view();
  }

  return { env, mount, signIn };
}
