import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Admin, Resource } from 'react-admin';
import { createAuthProvider } from '../../../src/authProvider';
import { createDataProvider, createHttpClient } from '../../../src/dataProvider';
import { session } from '../../../src/session';
import { resources, resourceRegistry } from '../../../src/resources';
import { withResourceAccess } from '../../../src/resources/engine';
import { startTestServer, type TestServer } from '../../api/harness';
import { DEMO_PASSWORD } from '../../../server/db/seed/demoData';
import { testI18nProvider } from '../testI18nProvider';

/**
 * The proof resource of README "Adding a resource" in the console's own resource list, against
 * the real API (Fastify on an in-memory PGlite): org contacts exist only as
 * src/resources/orgContact/resource.ts and their migration. The form validates with the schema
 * the fields make, in the words the server uses; the server stores what the form sends.
 */
let server: TestServer;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => server?.close());

async function signIn(account: string, path: string) {
  const http = createHttpClient({
    baseUrl: `${baseUrl}/api`,
    getToken: () => localStorage.getItem('token'),
    getLanguage: () => 'en-US',
    getOrgId: () => (session.get().selectedOrg ? String(session.get().selectedOrg!.orgId) : null),
    translate: (key, params) => testI18nProvider.translate(key, params),
    notifyError: () => undefined,
    onAuthFailure: () => undefined,
  });
  const counting: typeof http = { ...http, post: (p, body) => (requests.push(`POST ${p}`), http.post(p, body)) };
  const authProvider = withResourceAccess(createAuthProvider(counting), resources);
  await authProvider.login({ username: account, password: DEMO_PASSWORD });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={createDataProvider(counting, resourceRegistry)} authProvider={authProvider} i18nProvider={testI18nProvider} disableTelemetry>
        {resources.map((r) => (
          <Resource key={r.name} {...r.props} />
        ))}
      </Admin>
    </MemoryRouter>,
  );
}

const input = (label: RegExp) => screen.findByLabelText<HTMLInputElement>(label, {}, { timeout: 15_000 });
const contacts = async () =>
  (await server.call<{ list: Array<{ name: string; email: string; role: string; orgId: number }> }>('GET', '/sys/org-contact/list', { token: await server.login('merchantProManager') })).data.list;

describe('a resource that is one declaration, in the console', () => {
  it('a manager adds a contact: the form refuses a bad address in the server’s words, without a request, then saves', async () => {
    await signIn('merchantProManager', '/org-contact/create');
    const user = userEvent.setup();
    await user.type(await input(/^Name/), 'Ines Ops');
    await user.type(await input(/^Email/), 'ines-at-aurora');
    requests.length = 0;
    await user.click(screen.getByRole('button', { name: /save/i }));
    const email = await input(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    expect(document.getElementById(`${email.id}-helper-text`)?.textContent).toBe(testI18nProvider.translate('validation.email'));
    expect(requests).toEqual([]);

    await user.clear(email);
    await user.type(email, 'ines@aurora.example');
    await user.click(screen.getByRole('button', { name: /save/i }));
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await within(table).findByText('Ines Ops', {}, { timeout: 15_000 });
    expect(requests).toEqual(['POST /sys/org-contact/save']);
    expect(await contacts()).toEqual([expect.objectContaining({ name: 'Ines Ops', email: 'ines@aurora.example', role: 'security', orgId: server.orgIds.proA })]);
  }, 60_000);

  it('the list labels come from the declaration; an employee reads it with no create button', async () => {
    await signIn('merchantProEmployee', '/org-contact');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await within(table).findByText('Ines Ops', {}, { timeout: 15_000 });
    expect(within(table).getByText('Reach for')).toBeTruthy();
    expect(within(table).getByText('Security')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  }, 60_000);
});
