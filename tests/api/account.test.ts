import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import type { AccountProfile, AccountSession } from '../../src/contract/schemas/account';
import type { ListResult } from '../../src/contract/envelope';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const paths = ApiPath.account;
const me = (token: string) => server.call<SessionInfo>('GET', ApiPath.auth.me, { token });
const sessions = (token: string) => server.call<ListResult<AccountSession>>('GET', paths.sessionList, { token });
const changePassword = (token: string, currentPassword: unknown, newPassword: unknown) =>
  server.call<Record<string, string>>('POST', paths.password, { token, body: { currentPassword, newPassword } });
const revoke = (token: string, id: number | string) => server.call('POST', withId(paths.sessionDelete, id), { token });
const loginCode = async (account: string, password: string) =>
  (await server.call('POST', ApiPath.auth.login, { body: { account, password } })).code;

describe('profile', () => {
  it('renames the caller (trimmed) and /me answers the new name', async () => {
    const token = await server.login('merchantProFinance');
    const res = await server.call<AccountProfile>('POST', paths.update, { token, body: { userName: '  Fiona Finance  ' } });
    expect(res).toMatchObject({ code: 200, data: { account: 'merchantProFinance', userName: 'Fiona Finance' } });
    expect((await me(token)).data.userName).toBe('Fiona Finance');
  });

  it('refuses a blank or over-long name with a field error, in the caller language', async () => {
    const token = await server.login('merchantProEmployee');
    const blank = await server.call<Record<string, string>>('POST', paths.update, { token, body: { userName: '   ' } });
    expect(blank).toMatchObject({ code: 400, data: { userName: 'Required.' } });
    const long = await server.call<Record<string, string>>('POST', paths.update, {
      token,
      body: { userName: 'x'.repeat(101) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(long.code).toBe(400);
    expect(long.data.userName).toMatch(/100/);
    expect(long.data.userName).toMatch(/[\u4e00-\u9fff]/);
    expect((await me(token)).data.userName).not.toBe('x'.repeat(101));
  });

  it('answers 401 without a token, on every account call', async () => {
    for (const [method, path] of [
      ['POST', paths.update],
      ['POST', paths.password],
      ['GET', paths.sessionList],
      ['POST', withId(paths.sessionDelete, 1)],
    ] as const) {
      expect((await server.call(method, path, { body: method === 'POST' ? {} : undefined })).code).toBe(401);
    }
  });
});

describe('password', () => {
  it('changes it: the old one is refused, the new one accepted, other sessions end, the calling one stays', async () => {
    const other = await server.login('merchantStdFinance');
    const caller = await server.login('merchantStdFinance');
    const res = await changePassword(caller, DEMO_PASSWORD, 'Birch-2026-new');
    expect(res).toMatchObject({ code: 200, data: null });

    expect((await me(caller)).code).toBe(200);
    expect((await me(other)).code).toBe(401);
    expect(await loginCode('merchantStdFinance', DEMO_PASSWORD)).toBe(401);
    expect(await loginCode('merchantStdFinance', 'Birch-2026-new')).toBe(200);
  });

  it('refuses a wrong current password with 400 on that field and changes nothing', async () => {
    const other = await server.login('merchantLiteManager');
    const caller = await server.login('merchantLiteManager');
    const res = await changePassword(caller, 'Wrong@12345', 'Cedar-2026-new');
    expect(res).toMatchObject({ code: 400, data: { currentPassword: 'The current password is wrong.' } });
    expect((await me(caller)).code).toBe(200);
    expect((await me(other)).code).toBe(200);
    expect(await loginCode('merchantLiteManager', 'Cedar-2026-new')).toBe(401);
    expect(await loginCode('merchantLiteManager', DEMO_PASSWORD)).toBe(200);
  });

  it('refuses a too short, a letter-less or an unchanged new password on the newPassword field', async () => {
    const token = await server.login('merchantLiteEmployee');
    expect(await changePassword(token, DEMO_PASSWORD, 'Ab1')).toMatchObject({
      code: 400,
      data: { newPassword: 'At least 8 characters, with a letter and a digit.' },
    });
    expect(await changePassword(token, DEMO_PASSWORD, '123456789')).toMatchObject({
      code: 400,
      data: { newPassword: 'At least 8 characters, with a letter and a digit.' },
    });
    expect(await changePassword(token, DEMO_PASSWORD, DEMO_PASSWORD)).toMatchObject({
      code: 400,
      data: { newPassword: 'Must differ from the current password.' },
    });
    expect(await changePassword(token, '', 'Cedar-2026-new')).toMatchObject({ code: 400, data: { currentPassword: 'Required.' } });
    expect(await changePassword(token, DEMO_PASSWORD, 'x1'.repeat(129))).toMatchObject({
      code: 400,
      data: { newPassword: 'At least 8 characters, with a letter and a digit.' },
    });
    expect(await loginCode('merchantLiteEmployee', DEMO_PASSWORD)).toBe(200);
  });

  it('slows guessing the current password after 20 tries a minute per session', async () => {
    const token = await server.login('agentEmployee');
    const tries = await Promise.all(Array.from({ length: 21 }, () => changePassword(token, 'wrong-guess-1', 'North-2026-new')));
    expect(tries.filter((r) => r.code === 400)).toHaveLength(20);
    expect(tries.filter((r) => r.code === 429)).toHaveLength(1);
    // Another session of the same user still has its own allowance (the guard is per session).
    const fresh = await server.login('agentEmployee');
    expect((await changePassword(fresh, 'wrong-guess-2', 'North-2026-new')).code).toBe(400);
  });
});

describe('sessions', () => {
  it('lists only the caller own open sessions, newest first, flags the current one and never shows a token', async () => {
    const older = await server.login('operatorEmployee');
    const current = await server.login('operatorEmployee');
    await server.login('superAdmin');
    const res = await sessions(current);
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(2);
    expect(res.data.list).toHaveLength(2);
    expect(res.data.list.map((s) => s.current)).toEqual([true, false]);
    expect(res.data.list[0].id).toBeGreaterThan(res.data.list[1].id);
    for (const session of res.data.list) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'lastUsedAt', 'userAgent']);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.parse(session.createdAt));
    }
    const text = JSON.stringify(res);
    expect(text).not.toContain(older);
    expect(text).not.toContain(current);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('revokes another own session (its token then gets 401) and the current one', async () => {
    const other = await server.login('merchantStdEmployee');
    const caller = await server.login('merchantStdEmployee');
    const list = (await sessions(caller)).data.list;
    const otherId = list.find((s) => !s.current)!.id;
    expect(await revoke(caller, otherId)).toMatchObject({ code: 200, data: null });
    expect((await me(other)).code).toBe(401);
    expect((await sessions(caller)).data.list.map((s) => s.id)).not.toContain(otherId);
    expect((await revoke(caller, otherId)).code).toBe(404);

    const currentId = list.find((s) => s.current)!.id;
    expect((await revoke(caller, currentId)).code).toBe(200);
    expect((await me(caller)).code).toBe(401);
  });

  it('answers 404 for another user session exactly as for an unknown id, and leaves it alone', async () => {
    const victim = await server.login('merchantProManager');
    const victimId = (await sessions(victim)).data.list.find((s) => s.current)!.id;
    const intruder = await server.login('superAdmin');
    const foreign = await revoke(intruder, victimId);
    const unknown = await revoke(intruder, 999_999);
    expect(foreign).toMatchObject({ code: 404, msg: 'Session was not found.' });
    expect(unknown).toEqual(foreign);
    expect((await me(victim)).code).toBe(200);
  });

  it('refuses an id that is not a number with 400', async () => {
    const token = await server.login('agentManager');
    expect(await revoke(token, 'abc')).toMatchObject({ code: 400, data: { id: 'Must be a positive whole number.' } });
  });

  it('leaves expired sessions out of the list', async () => {
    const stale = await server.login('multiOrg');
    const ttlMs = 12 * 3_600_000;
    server.advanceClock(ttlMs - 60_000);
    const fresh = await server.login('multiOrg');
    server.advanceClock(120_000);
    expect((await me(stale)).code).toBe(401);
    const res = await sessions(fresh);
    expect(res.data).toMatchObject({ count: 1, list: [{ current: true }] });
    const staleId = res.data.list[0].id - 1;
    expect((await revoke(fresh, staleId)).code).toBe(404);
  });
});

describe('a session’s last use', () => {
  const lastUsed = async (token: string) => (await sessions(token)).data.list.find((s) => s.current)!.lastUsedAt;
  const stamps = () => server.app.context.db.selectFrom('sessionUse').select(['sessionId', 'lastUsedAt']).execute();

  it('moves when the session is used, to the minute: not a write per request', async () => {
    const token = await server.login('merchantLiteEmployee');
    const first = await lastUsed(token);
    const rows = (await stamps()).length;
    // Within the minute, more requests write nothing more.
    for (let i = 0; i < 5; i++) await me(token);
    expect(await lastUsed(token)).toBe(first);
    expect((await stamps()).length).toBe(rows);
    server.advanceClock(61_000);
    await me(token);
    expect(Date.parse(await lastUsed(token)) - Date.parse(first)).toBeGreaterThanOrEqual(61_000);
  });

  it('is no audit event and no change of who the session is', async () => {
    const token = await server.login('merchantLiteManager');
    const events = async () =>
      Number(
        (
          await server.app.context.db
            .selectFrom('auditEvent')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    server.advanceClock(61_000);
    await me(token);
    expect(await events()).toBe(before);
  });
});
