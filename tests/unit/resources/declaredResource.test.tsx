import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resources } from '../../../src/resources';
import { testI18nProvider } from '../testI18nProvider';
import { realApi } from './realApi';
import { resourcePaths } from '../../../src/contract/apiPaths';
import orgContact from '../../../src/resources/orgContact/resource';

/**
 * The proof resource of README "Adding a resource" in the console's own resource list, against
 * the real API (Fastify on an in-memory PGlite): org contacts exist only as
 * src/resources/orgContact/resource.ts and their migration. The form validates with the schema
 * the fields make, in the words the server uses; the server stores what the form sends.
 */
const { env, signIn } = realApi(resources);
const { requests } = env;

const input = (label: RegExp) => screen.findByLabelText<HTMLInputElement>(label, {}, { timeout: 15_000 });
const contacts = async () =>
  (
    await env.server.call<{ list: Array<{ name: string; email: string; role: string; orgId: number }> }>(
      'GET',
      resourcePaths(orgContact.name).list,
      { token: await env.server.login('merchantProManager') },
    )
  ).data.list;

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
    expect(requests).toEqual([`POST ${resourcePaths(orgContact.name).save}`]);
    expect(await contacts()).toEqual([
      expect.objectContaining({ name: 'Ines Ops', email: 'ines@aurora.example', role: 'security', orgId: env.server.orgIds.proA }),
    ]);
  }, 60_000);

  it('the list labels come from the declaration; an employee reads it with no create button', async () => {
    await signIn('merchantProEmployee', '/org-contact');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    // The rows come after the table's placeholders; on a starved machine that took over 15 s once.
    await within(table).findByText('Ines Ops', {}, { timeout: 30_000 });
    expect(within(table).getByText('Reach for')).toBeTruthy();
    expect(within(table).getByText('Security')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  }, 60_000);
});
