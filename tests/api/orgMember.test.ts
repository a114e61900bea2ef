import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { OrgRecord } from '../../src/contract/schemas/org';
import type { MemberRecord } from '../../src/contract/schemas/member';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'agentManager', 'agentEmployee', 'merchantProEmployee', 'merchantLiteEmployee', 'multiOrg'])
    tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const orgs = (account: string, query: Record<string, string | number> = {}, orgId?: number) =>
  server.call<ListResult<OrgRecord>>('GET', ApiPath.org.list, { token: tokens[account], query: { pageSize: 100, ...query }, orgId });
const members = (account: string, query: Record<string, string | number> = {}, orgId?: number) =>
  server.call<ListResult<MemberRecord>>('GET', ApiPath.member.list, { token: tokens[account], query: { pageSize: 100, ...query }, orgId });
const names = (res: { data: ListResult<OrgRecord> }) => res.data.list.map((o) => o.orgName).sort();

describe('GET /sys/org/list: the orgs of the caller’s tenancy scope', () => {
  it('the operator row sees every org, with parent and member count', async () => {
    const res = await orgs('superAdmin');
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(Object.keys(server.orgIds).length);
    const aurora = res.data.list.find((o) => o.orgId === server.orgIds.proA)!;
    expect(aurora).toMatchObject({
      id: server.orgIds.proA,
      orgName: 'Aurora Pay (Pro)',
      tenantType: 3,
      parentId: server.orgIds.agentNorth,
      parentName: 'North Agency',
    });
    expect(aurora.memberCount).toBeGreaterThanOrEqual(3);
  });

  it('an agent sees its own org and the merchants under it, not another agency’s', async () => {
    expect(names(await orgs('agentEmployee'))).toEqual(['Aurora Pay (Pro)', 'Birch Goods (Standard)', 'Cedar Cafe (Lite)', 'North Agency']);
  });

  it('a merchant sees only its own org; the selected org decides for a user of several', async () => {
    expect(names(await orgs('merchantLiteEmployee'))).toEqual(['Cedar Cafe (Lite)']);
    expect(names(await orgs('multiOrg', {}, server.orgIds.proDirect))).toEqual(['Delta Exchange (Pro)']);
    expect(names(await orgs('multiOrg', {}, server.orgIds.stdB))).toEqual(['Birch Goods (Standard)']);
  });

  it('filters by name, tenant type and parent; sorts and pages', async () => {
    expect(names(await orgs('superAdmin', { orgName: 'birch' }))).toEqual(['Birch Goods (Standard)']);
    expect(names(await orgs('superAdmin', { tenantType: 1 }))).toEqual(['North Agency', 'South Agency']);
    expect(names(await orgs('superAdmin', { parentId: server.orgIds.agentSouth }))).toEqual(['Elm Market (Standard)']);
    const page = await orgs('superAdmin', { sort: 'orgName', order: 'desc', pageSize: 2, page: 1 });
    expect(page.data.list.map((o) => o.orgName)).toEqual(['South Agency', 'Platform Operator']);
  });

  it('detail of an org out of scope answers like an unknown id', async () => {
    const own = await server.call<OrgRecord>('GET', ApiPath.org.detail, { token: tokens.agentManager, query: { id: server.orgIds.proA } });
    expect(own.data.orgName).toBe('Aurora Pay (Pro)');
    const other = await server.call('GET', ApiPath.org.detail, { token: tokens.agentManager, query: { id: server.orgIds.stdSouth } });
    const unknown = await server.call('GET', ApiPath.org.detail, { token: tokens.agentManager, query: { id: 999999 } });
    expect(other.code).toBe(404);
    expect(other.msg).toBe(unknown.msg);
  });

  it('bad query values are a 400 with the field named, never a 500', async () => {
    for (const query of <Record<string, string | number>[]>[
      { tenantType: 'x' },
      { tenantType: 9 },
      { sort: 'password' },
      { pageSize: 0 },
      { parentId: -1 },
    ]) {
      const res = await orgs('superAdmin', query);
      expect(res.code, JSON.stringify(query)).toBe(400);
    }
    expect((await server.call('GET', ApiPath.org.list)).code).toBe(401);
  });
});

describe('GET /sys/member/list: members of one org in scope', () => {
  it('defaults to the selected org, one row per user with the role the membership gives', async () => {
    const res = await members('merchantProEmployee');
    expect(res.code).toBe(200);
    expect(res.data.list.map((m) => [m.account, m.role, m.roleLabel])).toEqual([
      ['merchantProManager', 'merchantProManager', 'manager'],
      ['merchantProFinance', 'merchantProFinance', 'finance'],
      ['merchantProEmployee', 'merchantProEmployee', 'employee'],
    ]);
    expect(res.data.list.every((m) => m.orgId === server.orgIds.proA && m.id === m.userId)).toBe(true);
    expect(JSON.stringify(res.data)).not.toMatch(/password|hash/i);
  });

  it('an agent reads the members of a merchant under it, not of another agency’s merchant', async () => {
    const aurora = await members('agentEmployee', { orgId: server.orgIds.proA });
    expect(aurora.data.count).toBe(3);
    const elm = await members('agentEmployee', { orgId: server.orgIds.stdSouth });
    expect(elm.code).toBe(404);
  });

  it('multiOrg is listed in each of its orgs with that org’s role', async () => {
    const delta = await members('superAdmin', { orgId: server.orgIds.proDirect });
    expect(delta.data.list.find((m) => m.account === 'multiOrg')?.role).toBe('merchantProManager');
    const birch = await members('superAdmin', { orgId: server.orgIds.stdB });
    expect(birch.data.list.find((m) => m.account === 'multiOrg')?.role).toBe('merchantStdEmployee');
  });

  it('filters by account, name and role level; bad values are a 400', async () => {
    expect((await members('superAdmin', { orgId: server.orgIds.proA, account: 'finance' })).data.list.map((m) => m.account)).toEqual([
      'merchantProFinance',
    ]);
    expect((await members('superAdmin', { orgId: server.orgIds.proA, roleLevel: 0 })).data.list.map((m) => m.account)).toEqual([
      'merchantProManager',
    ]);
    for (const query of <Record<string, string | number>[]>[
      { orgId: 'abc' },
      { orgId: 0 },
      { roleLevel: 'boss' },
      { sort: 'passwordHash' },
    ]) {
      expect((await members('superAdmin', query)).code, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('managers change roles and remove members of their own org', () => {
  const update = (account: string, body: Record<string, unknown>, orgId?: number) =>
    server.call<MemberRecord>('POST', ApiPath.member.update, { token: tokens[account], body, orgId });
  const remove = (account: string, userId: number, orgId?: number) =>
    server.call<MemberRecord>('POST', withId(ApiPath.member.delete, userId), { token: tokens[account], orgId });
  const userIds: Record<string, number> = {};
  const levelOf = async (account: string, orgId: number) =>
    (await members('superAdmin', { orgId })).data.list.find((m) => m.account === account)?.roleLevel;

  beforeAll(async () => {
    for (const account of [
      'merchantStdManager',
      'merchantStdFinance',
      'merchantStdEmployee',
      'merchantLiteManager',
      'merchantLiteEmployee',
    ])
      tokens[account] = await server.login(account);
    for (const row of await server.app.context.db.selectFrom('appUser').select(['id', 'account']).execute()) userIds[row.account] = row.id;
  });

  it('the roles an org offers follow its tier', async () => {
    const std = await server.call<{ list: Array<{ roleLevel: number; roleLabel: string }> }>('GET', ApiPath.member.roles, {
      token: tokens.merchantStdEmployee,
    });
    expect(std.data.list.map((r) => r.roleLabel)).toEqual(['manager', 'finance', 'employee']);
    const lite = await server.call<{ list: Array<{ roleLabel: string }> }>('GET', ApiPath.member.roles, {
      token: tokens.merchantLiteEmployee,
    });
    expect(lite.data.list.map((r) => r.roleLabel)).toEqual(['manager', 'employee']);
  });

  it('a manager changes a role; the member’s access follows on their next call', async () => {
    const res = await update('merchantStdManager', { userId: userIds.merchantStdEmployee, roleLevel: 1 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ account: 'merchantStdEmployee', roleLevel: 1, roleLabel: 'finance', role: 'merchantStdFinance' });
    const me = await server.call<{ orgList: Array<{ orgId: number; roleLevel: number }> }>('GET', ApiPath.auth.me, {
      token: tokens.merchantStdEmployee,
    });
    expect(me.data.orgList.find((o) => o.orgId === server.orgIds.stdB)?.roleLevel).toBe(1);
    expect((await update('merchantStdManager', { userId: userIds.merchantStdEmployee, roleLevel: 2 })).code).toBe(200);
  });

  it('a level the tier lacks, a non-manager, another org’s manager and an unknown member are refused, nothing changed', async () => {
    expect((await update('merchantLiteManager', { userId: userIds.merchantLiteEmployee, roleLevel: 2 })).data).toEqual({
      roleLevel: 'Choose a role this organisation has.',
    });
    expect((await update('merchantStdFinance', { userId: userIds.merchantStdEmployee, roleLevel: 0 })).code).toBe(403);
    expect((await update('merchantStdManager', { userId: userIds.merchantLiteEmployee, roleLevel: 0 })).code).toBe(404);
    expect(
      (await update('merchantStdManager', { userId: userIds.merchantLiteEmployee, roleLevel: 0, orgId: server.orgIds.liteC })).code,
    ).toBe(404);
    expect((await update('merchantStdManager', { userId: 'x', roleLevel: 0 })).code).toBe(400);
    expect(await levelOf('merchantStdEmployee', server.orgIds.stdB)).toBe(2);
    expect(await levelOf('merchantLiteEmployee', server.orgIds.liteC)).toBe(1);
  });

  it('an org keeps at least one manager, also when two managers demote each other at once', async () => {
    expect((await update('merchantLiteManager', { userId: userIds.merchantLiteManager, roleLevel: 1 })).code).toBe(409);
    expect((await update('merchantLiteManager', { userId: userIds.merchantLiteEmployee, roleLevel: 0 })).code).toBe(200);
    tokens.merchantLiteEmployee = await server.login('merchantLiteEmployee');
    const [a, b] = await Promise.all([
      update('merchantLiteManager', { userId: userIds.merchantLiteEmployee, roleLevel: 1 }),
      update('merchantLiteEmployee', { userId: userIds.merchantLiteManager, roleLevel: 1 }),
    ]);
    // The second is refused whichever way the race goes: no longer a manager (403) or the last one (409).
    expect([a.code, b.code].filter((code) => code === 200)).toHaveLength(1);
    expect([a.code, b.code].find((code) => code !== 200)).toBeOneOf([403, 409]);
    const levels = await Promise.all([
      levelOf('merchantLiteManager', server.orgIds.liteC),
      levelOf('merchantLiteEmployee', server.orgIds.liteC),
    ]);
    expect(levels.filter((l) => l === 0)).toHaveLength(1);
  });

  it('removing: not oneself, not a wallet signer; then the member is gone and their session loses the org', async () => {
    expect((await remove('merchantStdManager', userIds.merchantStdManager)).code).toBe(409);
    const signer = await remove('merchantStdManager', userIds.merchantStdEmployee);
    expect(signer.code).toBe(409);
    expect(signer.msg).toContain('Birch cold');
    expect((await remove('merchantStdFinance', userIds.merchantStdEmployee)).code).toBe(403);
    // multiOrg is an employee of Birch Goods and signs none of its wallets.
    const res = await remove('merchantStdManager', userIds.multiOrg);
    expect(res.code).toBe(200);
    expect((await members('superAdmin', { orgId: server.orgIds.stdB })).data.list.map((m) => m.account)).not.toContain('multiOrg');
    expect((await members('multiOrg', {}, server.orgIds.stdB)).code).toBe(403);
    expect((await members('multiOrg', {}, server.orgIds.proDirect)).code).toBe(200);
    expect((await remove('merchantStdManager', userIds.multiOrg)).code).toBe(404);
  });
});
