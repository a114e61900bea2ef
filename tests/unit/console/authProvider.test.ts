import { afterEach, describe, expect, it, vi } from 'vitest';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createHttpClient } from '../../../src/dataProvider';
import { createAuthProvider } from '../../../src/authProvider';
import { session } from '../../../src/session';
import { ROLES } from '../../../src/access';
import { ApiPath } from '../../../src/contract/apiPaths';

const orgList = [
  { orgId: 5, orgName: 'Birch Goods', tenantType: 5, roleLevel: 1 },
  { orgId: 7, orgName: 'Delta Exchange', tenantType: 3, roleLevel: 0 },
];
const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'ok', data });

const calls: string[] = [];
const api = setupServer(
  mock.post(`*/api${ApiPath.auth.login}`, async ({ request }) => {
    calls.push('login');
    const body = (await request.json()) as { account: string; password: string };
    if (body.password !== 'right') return HttpResponse.json({ code: 401, msg: 'Wrong account or password.', data: null });
    return ok({ token: 'tok-1', userName: 'Sara', account: body.account, orgList });
  }),
  mock.get(`*/api${ApiPath.auth.me}`, ({ request }) => {
    calls.push(`me ${request.headers.get('authorization')}`);
    return ok({ userName: 'Sara', account: 'sara', orgList });
  }),
  mock.post(`*/api${ApiPath.auth.logout}`, () => {
    calls.push('logout');
    return ok(null);
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  calls.length = 0;
  session.clear();
});
afterAll(() => api.close());

const makeProvider = () => {
  const onAuthFailure = vi.fn();
  const http = createHttpClient({
    baseUrl: 'http://api.test/api',
    getToken: () => localStorage.getItem('token'),
    getLanguage: () => 'en-US',
    getOrgId: () => (session.get().selectedOrg ? String(session.get().selectedOrg!.orgId) : null),
    translate: (key) => key,
    notifyError: vi.fn(),
    onAuthFailure,
  });
  return { provider: createAuthProvider(http), onAuthFailure };
};

describe('authProvider', () => {
  it('login stores the token and the org list, and selects the first org', async () => {
    const { provider } = makeProvider();
    await provider.login({ username: 'sara', password: 'right' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(session.get().orgList).toHaveLength(2);
    expect(session.get().selectedOrg?.orgId).toBe(5);
    expect(session.get().roleIndex).toBe(ROLES.merchantStdFinance);
    expect(session.get().managerType).toBe(5);
  });

  it('a wrong password rejects and stores nothing', async () => {
    const { provider } = makeProvider();
    await expect(provider.login({ username: 'sara', password: 'wrong' })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checkAuth with only a stored token restores orgs, selected org and role from /me', async () => {
    localStorage.setItem('token', 'tok-9');
    localStorage.setItem('selectedOrgId', '7');
    session.clear();
    localStorage.setItem('token', 'tok-9');
    const { provider } = makeProvider();
    await provider.checkAuth({});
    expect(calls).toEqual(['me Bearer tok-9']);
    expect(session.get().selectedOrg?.orgId).toBe(7);
    expect(session.get().roleIndex).toBe(ROLES.merchantProManager);
  });

  it('after a reload, checkAuth, getPermissions and canAccess asked at once share one /me call', async () => {
    localStorage.setItem('token', 'tok-9');
    localStorage.setItem('selectedOrgId', '7');
    const { provider } = makeProvider();
    const [, role, mayList, mayCreate] = await Promise.all([
      provider.checkAuth({}),
      provider.getPermissions!({}),
      provider.canAccess!({ resource: 'merchant-pro-wallet', action: 'list' }),
      provider.canAccess!({ resource: 'supply', action: 'create' }),
    ]);
    expect(calls).toEqual(['me Bearer tok-9']);
    expect(role).toBe(ROLES.merchantProManager);
    expect(mayList).toBe(true);
    // A pro manager is a cold admin: the access table's `supply.create` admits it.
    expect(mayCreate).toBe(true);
  });

  it('without a token, access questions are answered "no" without calling the API', async () => {
    const { provider } = makeProvider();
    expect(await provider.getPermissions!({})).toBeNull();
    expect(await provider.canAccess!({ resource: 'home', action: 'list' })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('checkAuth without a token rejects without calling the API', async () => {
    const { provider } = makeProvider();
    await expect(provider.checkAuth({})).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it('checkError 401 clears the token and rejects (the session ended)', async () => {
    localStorage.setItem('token', 'tok-1');
    const { provider } = makeProvider();
    await expect(provider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checkError 403 keeps the session, lets the refusal show, and reads the role again (/me)', async () => {
    localStorage.setItem('token', 'tok-1');
    const { provider } = makeProvider();
    calls.length = 0;
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(calls).toEqual(['me Bearer tok-1']);
  });

  it('checkError of a 403 that refused an input (a code issued to another account) keeps the session', async () => {
    localStorage.setItem('token', 'tok-1');
    const { provider } = makeProvider();
    await expect(
      provider.checkError({ status: 403, body: { code: 403, errors: { invitationCode: 'Issued for another account.' } } }),
    ).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('checkError of another status keeps the session', async () => {
    localStorage.setItem('token', 'tok-1');
    const { provider } = makeProvider();
    await expect(provider.checkError({ status: 409 })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('canAccess decides from the role in memory and the access table, without a network call', async () => {
    const { provider } = makeProvider();
    await provider.login({ username: 'sara', password: 'right' });
    calls.length = 0;
    // Standard finance opens /supply (its route group) but is no cold admin: `supply.create` refuses.
    expect(await provider.canAccess!({ resource: 'supply', action: 'list' })).toBe(true);
    expect(await provider.canAccess!({ resource: 'supply', action: 'create' })).toBe(false);
    expect(await provider.canAccess!({ resource: 'withdraw', action: 'create' })).toBe(true);
    expect(await provider.canAccess!({ resource: 'brand', action: 'list' })).toBe(false);
    session.selectOrg(7);
    expect(await provider.canAccess!({ resource: 'merchant-pro-wallet', action: 'list' })).toBe(true);
    expect(calls).toEqual([]);
  });

  it('logout revokes on the server and forgets the token', async () => {
    const { provider } = makeProvider();
    await provider.login({ username: 'sara', password: 'right' });
    await provider.logout({});
    expect(calls).toContain('logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.get().orgList).toEqual([]);
  });
});
