import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const login = (account: string, password: string, headers?: Record<string, string>) =>
  server.call<SessionInfo>('POST', ApiPath.auth.login, { body: { account, password }, headers });

describe('login', () => {
  it('answers a token, the user and their orgs', async () => {
    const res = await login('superAdmin', DEMO_PASSWORD);
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data).toMatchObject({ account: 'superAdmin', userName: 'Sam Super' });
    expect(res.data.orgList).toEqual([{ orgId: server.orgIds.operator, orgName: 'Platform Operator', tenantType: 0, roleLevel: 0 }]);
  });

  it('lists every org of a user with several memberships', async () => {
    const res = await login('multiOrg', DEMO_PASSWORD);
    expect(res.code).toBe(200);
    expect(res.data.orgList.map((o) => [o.orgId, o.tenantType, o.roleLevel])).toEqual(
      expect.arrayContaining([
        [server.orgIds.proDirect, 3, 0],
        [server.orgIds.stdB, 5, 2],
      ]),
    );
    expect(res.data.orgList).toHaveLength(2);
  });

  it('refuses a wrong password with 401 and no hint', async () => {
    const res = await login('superAdmin', 'Wrong@12345');
    expect(res).toMatchObject({ code: 401, msg: 'Wrong account or password.', data: null });
  });

  it('refuses an unknown account with the same message', async () => {
    const res = await login('nobodyHere', DEMO_PASSWORD);
    expect(res).toMatchObject({ code: 401, msg: 'Wrong account or password.', data: null });
  });

  it('refuses a missing field with 400 and a field message', async () => {
    const res = await server.call<Record<string, string>>('POST', ApiPath.auth.login, { body: { account: 'superAdmin' } });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('Some fields are not valid.');
    expect(res.data).toEqual({ password: 'Required.' });
  });

  it('refuses a blank account and a non-string password', async () => {
    const res = await server.call<Record<string, string>>('POST', ApiPath.auth.login, { body: { account: '   ', password: 12345678 } });
    expect(res.code).toBe(400);
    expect(res.data.account).toBe('Must be at least 1 characters.');
    expect(res.data.password).toBe('Must be a string.');
  });

  it('speaks Chinese when asked to', async () => {
    const res = await login('superAdmin', 'Wrong@12345', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(res).toMatchObject({ code: 401, msg: '账号或密码错误。' });
  });

  it('falls back to English for a language it does not have', async () => {
    const res = await login('superAdmin', 'Wrong@12345', { 'accept-language': 'fr-FR' });
    expect(res.msg).toBe('Wrong account or password.');
  });
});

describe('session', () => {
  it('me answers the signed-in user without a token', async () => {
    const token = await server.login('merchantStdFinance');
    const res = await server.call<SessionInfo>('GET', ApiPath.auth.me, { token });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      account: 'merchantStdFinance',
      userName: 'Simon Std',
      orgList: [{ orgId: server.orgIds.stdB, orgName: 'Birch Goods (Standard)', tenantType: 5, roleLevel: 1 }],
      // No second factor, and the org does not require one (tests/api/twoFactor.test.ts).
      twoFactor: { enrolled: false, required: false },
    });
  });

  it('me without a token is 401', async () => {
    const res = await server.call('GET', ApiPath.auth.me);
    expect(res).toMatchObject({ code: 401, msg: 'Please sign in.' });
  });

  it('a malformed token is 401', async () => {
    const res = await server.call('GET', ApiPath.auth.me, { token: 'not a token!' });
    expect(res).toMatchObject({ code: 401, msg: 'The access token is malformed. Please sign in again.' });
  });

  it('a well-formed but unknown token is 401', async () => {
    const res = await server.call('GET', ApiPath.auth.me, { token: 'A'.repeat(43) });
    expect(res.code).toBe(401);
  });

  it('logout revokes the token: the same token is 401 afterwards', async () => {
    const token = await server.login('agentEmployee');
    expect((await server.call('GET', ApiPath.auth.me, { token })).code).toBe(200);
    expect((await server.call('POST', ApiPath.auth.logout, { token })).code).toBe(200);
    const after = await server.call('GET', ApiPath.auth.me, { token });
    expect(after).toMatchObject({ code: 401, msg: 'Your session has expired or was signed out. Please sign in again.' });
  });

  it('logout revokes only that session', async () => {
    const first = await server.login('agentManager');
    const second = await server.login('agentManager');
    await server.call('POST', ApiPath.auth.logout, { token: first });
    expect((await server.call('GET', ApiPath.auth.me, { token: second })).code).toBe(200);
  });

  it('X-Org-Id of an org the user belongs to selects it', async () => {
    const token = await server.login('multiOrg');
    const res = await server.call('GET', ApiPath.chain.list, { token, orgId: server.orgIds.stdB });
    expect(res.code).toBe(200);
  });

  it('X-Org-Id of an org the user does not belong to is 403', async () => {
    const token = await server.login('merchantProManager');
    const res = await server.call('GET', ApiPath.auth.me, { token, orgId: server.orgIds.operator });
    expect(res).toMatchObject({ code: 403, msg: 'You are not a member of the selected organisation.' });
    const garbage = await server.call('GET', ApiPath.auth.me, { token, orgId: 'abc' });
    expect(garbage.code).toBe(403);
  });

  it('a session expires after its time to live', async () => {
    const token = await server.login('operatorEmployee');
    const ttlMs = server.app.context.config.sessionTtlHours * 3_600_000;
    server.advanceClock(ttlMs - 60_000);
    expect((await server.call('GET', ApiPath.auth.me, { token })).code).toBe(200);
    server.advanceClock(120_000);
    const res = await server.call('GET', ApiPath.auth.me, { token });
    expect(res).toMatchObject({ code: 401, msg: 'Your session has expired or was signed out. Please sign in again.' });
    // A new sign-in works at the new time.
    const fresh = await server.login('operatorEmployee');
    expect((await server.call('GET', ApiPath.auth.me, { token: fresh })).code).toBe(200);
  });
});

describe('password guessing', () => {
  it('slows one account after 20 tries a minute, without locking out other accounts', async () => {
    const attempts = await Promise.all(Array.from({ length: 21 }, () => login('merchantLiteManager', 'wrong-guess-1')));
    expect(attempts.filter((r) => r.code === 401)).toHaveLength(20);
    expect(attempts.filter((r) => r.code === 429)).toHaveLength(1);
    expect(attempts.find((r) => r.code === 429)?.msg).toBe('Too many requests. Please wait a moment and try again.');
    expect((await login('merchantLiteEmployee', DEMO_PASSWORD)).code).toBe(200);
  });
});

describe('one account’s limit cannot be side-stepped', () => {
  /** A raw sign-in from an address of this test's own, for the headers. */
  const attempt = (account: string, password: string, remoteAddress = '198.51.100.10') =>
    server.app.inject({ method: 'POST', url: `/api${ApiPath.auth.login}`, remoteAddress, payload: { account, password } });

  it('accounts are looked up trimmed and case aside', async () => {
    const res = await login('  MERCHANTSTDMANAGER ', DEMO_PASSWORD);
    expect(res.code).toBe(200);
    expect(res.data.account).toBe('merchantStdManager');
  });

  it('after 20 wrong passwords, padding or case of the account is the same bucket: the right password is refused 429 with Retry-After', async () => {
    const wrong = await Promise.all(Array.from({ length: 20 }, () => attempt('merchantProManager', 'wrong-guess-2')));
    expect(wrong.map((r) => r.json<{ code: number }>().code)).toEqual(Array(20).fill(401));
    for (const variant of ['merchantProManager  ', ' MERCHANTPROMANAGER', 'merchantpromanager']) {
      const res = await attempt(variant, DEMO_PASSWORD);
      expect(res.statusCode, variant).toBe(200);
      expect(res.json(), variant).toMatchObject({ code: 429, msg: 'Too many requests. Please wait a moment and try again.', data: null });
      expect(Number(res.headers['retry-after']), variant).toBeGreaterThan(0);
    }
    // Another address is its own bucket for the same account.
    expect((await attempt('merchantProManager', DEMO_PASSWORD, '198.51.100.20')).json()).toMatchObject({ code: 200 });
  });
});
