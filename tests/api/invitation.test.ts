import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import type { OrgRecord } from '../../src/contract/schemas/org';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const invitations = (account: string) => server.as(account).resource(ApiPath.invitation);
const invite = (account: string, body: Record<string, unknown>) => invitations(account).save(body);
const list = (account: string, query: Record<string, string | number> = {}) => invitations(account).list({ pageSize: 100, ...query });
const revoke = (account: string, id: number) => invitations(account).remove(id);
const signup = (body: Record<string, unknown>) => server.call<SessionInfo>('POST', ApiPath.auth.signup, { body });
const newMerchant = (code: string, account: string) => ({
  account,
  password: 'Str0ng-pass',
  userName: 'New Merchant',
  invitationCode: code,
});
let serial = 0;
/** An open code of the agency for a new account `shop<n>Owner` unless `invitee` says otherwise. */
const openInvitation = async (overrides: Record<string, unknown> = {}) => {
  serial++;
  return (await invite('agentManager', { orgName: `Shop ${serial}`, tenantType: 5, invitee: `shop${serial}Owner`, ...overrides })).data;
};

describe('invitation codes: agent managers issue and withdraw them', () => {
  it('a code is 12 Crockford base32 characters, open, for one tier, valid 7 days by default', async () => {
    const res = await invite('agentManager', { orgName: 'Fern Florist', tenantType: 4, invitee: ' fernOwner ' });
    expect(res.code).toBe(200);
    expect(res.data.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(res.data).toMatchObject({
      orgName: 'Fern Florist',
      tenantType: 4,
      invitee: 'fernOwner',
      status: 'open',
      issuerOrgId: server.orgIds.agentNorth,
      createdBy: 'agentManager',
      usedBy: null,
    });
    const days = (Date.parse(res.data.expiresAt) - Date.parse(res.data.createdAt)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('the agent row reads its own agency’s codes; only the agent manager issues and withdraws', async () => {
    const { id } = await openInvitation();
    expect((await list('agentEmployee')).data.list.map((i) => i.id)).toContain(id);
    expect((await invite('agentEmployee', { orgName: 'X', tenantType: 3, invitee: 'someone' })).code).toBe(403);
    expect((await revoke('agentEmployee', id)).code).toBe(403);
    // The route group is the agent row alone (docs/roles-and-routes.md): operators and merchants are refused.
    expect((await list('superAdmin')).code).toBe(403);
    expect((await list('merchantProManager')).code).toBe(403);
  });

  it('bad bodies are 400s with the field named, and nothing is stored', async () => {
    const before = (await list('agentManager')).data.count;
    const ok = { orgName: 'X', tenantType: 3, invitee: 'xOwner' };
    for (const body of [
      { ...ok, orgName: undefined },
      { ...ok, tenantType: 1 },
      { ...ok, tenantType: 'pro' },
      { ...ok, validDays: 0 },
      { ...ok, validDays: 91 },
      { ...ok, invitee: undefined },
      { ...ok, invitee: '  ' },
      { ...ok, invitee: '1stOwner' },
    ]) {
      const res = await invite('agentManager', body);
      expect(res.code, JSON.stringify(body)).toBe(400);
    }
    expect((await invite('agentManager', { tenantType: 3 })).data).toEqual({ orgName: 'Required.', invitee: 'Required.' });
    expect((await invite('agentManager', { ...ok, invitee: 'a b' })).data).toEqual({
      invitee: "3 to 64 characters: a letter first, then letters, digits, '.', '_' or '-'.",
    });
    expect((await list('agentManager')).data.count).toBe(before);
  });

  it('withdrawing keeps the row as revoked; a second withdrawal is a 409; an unknown id a 404', async () => {
    const { id } = await openInvitation();
    const res = await revoke('agentManager', id);
    expect(res.data.status).toBe('revoked');
    expect((await revoke('agentManager', id)).code).toBe(409);
    expect((await revoke('agentManager', 999_999)).code).toBe(404);
    expect((await list('agentManager', { status: 'revoked' })).data.list.map((i) => i.id)).toContain(id);
    expect((await list('agentManager', { status: 'open' })).data.list.map((i) => i.id)).not.toContain(id);
  });
});

describe('POST /sys/auth/signup with a code', () => {
  it('creates the merchant org under the agency, its manager, signs them in, and uses the code up', async () => {
    const invitation = await openInvitation({ orgName: 'Gale Gadgets', tenantType: 3, invitee: 'GALEOWNER' });
    // Codes are forgiven case and dashes as typed; the account is compared with the invitee case aside.
    const res = await signup(newMerchant(invitation.code.toLowerCase().replace(/-/g, ' '), 'galeOwner'));
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.orgList).toEqual([{ orgId: expect.any(Number), orgName: 'Gale Gadgets', tenantType: 3, roleLevel: 0 }]);
    const me = await server.call<SessionInfo>('GET', ApiPath.auth.me, { token: res.data.token });
    expect(me.data.account).toBe('galeOwner');
    const org = await server.as('agentManager').call<OrgRecord>('GET', ApiPath.org.detail, { query: { id: res.data.orgList[0].orgId } });
    expect(org.data).toMatchObject({ orgName: 'Gale Gadgets', parentId: server.orgIds.agentNorth, memberCount: 1 });
    const used = (await list('agentManager', { status: 'used' })).data.list.find((i) => i.id === invitation.id)!;
    expect(used).toMatchObject({ usedBy: 'galeOwner', orgId: res.data.orgList[0].orgId });
    expect((await revoke('agentManager', invitation.id)).code).toBe(409);
    expect((await server.call('POST', ApiPath.auth.login, { body: { account: 'galeOwner', password: 'Str0ng-pass' } })).code).toBe(200);
  });

  it('a code signs up one account even when two try at once', async () => {
    const { code } = await openInvitation({ invitee: 'raceOne' });
    const results = await Promise.all([signup(newMerchant(code, 'raceOne')), signup(newMerchant(code, 'raceone'))]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.code === 400)!;
    expect(loser.data).toEqual({ invitationCode: 'This invitation has already been used.' });
  });

  it('expired, withdrawn and unknown codes are refused on the code field', async () => {
    const expiring = await openInvitation({ validDays: 1, invitee: 'lateOne' });
    const withdrawn = await openInvitation({ invitee: 'lateTwo' });
    await revoke('agentManager', withdrawn.id);
    server.advanceClock(2 * 86_400_000);
    // Two days on, the manager's session has ended too: sign in again.
    server.as('agentManager').forgetSession();
    expect((await signup(newMerchant(expiring.code, 'lateOne'))).data).toEqual({
      invitationCode: 'This invitation has expired. Ask for a new one.',
    });
    expect((await signup(newMerchant(withdrawn.code, 'lateTwo'))).data).toEqual({
      invitationCode: 'This invitation was withdrawn. Ask for a new one.',
    });
    expect((await signup(newMerchant('ZZZZ-ZZZZ-ZZZZ', 'lateThree'))).data).toEqual({ invitationCode: 'No invitation has this code.' });
    expect((await list('agentManager', { status: 'expired' })).data.list.map((i) => i.id)).toContain(expiring.id);
  });

  it('a taken account (in any case) is a 409 on the account field and leaves the code open', async () => {
    const invitation = await openInvitation({ invitee: 'superadmin' });
    const res = await signup(newMerchant(invitation.code, 'SUPERADMIN'));
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ account: 'Already in use.' });
    expect((await list('agentManager', { status: 'open' })).data.list.map((i) => i.id)).toContain(invitation.id);
  });

  it('weak passwords, bad account names and malformed codes are 400s per field, before any code is touched', async () => {
    const { code } = await openInvitation({ invitee: 'okName' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...newMerchant(code, 'okName'), password: 'short1' }, 'password'],
      [{ ...newMerchant(code, 'okName'), password: 'lettersonly' }, 'password'],
      [newMerchant(code, '1digitfirst'), 'account'],
      [newMerchant(code, 'ab'), 'account'],
      [newMerchant('not-a-code', 'okName'), 'invitationCode'],
      [{ ...newMerchant(code, 'okName'), userName: '   ' }, 'userName'],
    ];
    for (const [body, field] of cases) {
      const res = await signup(body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.data as object), JSON.stringify(body)).toContain(field);
    }
    expect((await list('agentManager', { status: 'open' })).data.list.map((i) => i.code)).toContain(code);
    // Each problem is named for what it is: a long name is too long, not missing.
    expect((await signup({ ...newMerchant(code, 'okName'), userName: 'x'.repeat(101) })).data).toEqual({
      userName: 'Must be at most 100 characters.',
    });
    const { userName: _omitted, ...withoutName } = newMerchant(code, 'okName');
    expect((await signup(withoutName)).data).toEqual({ userName: 'Required.' });
  });
});

describe('a code is for its invitee alone: a colleague who gets hold of one cannot take it', () => {
  const join = (token: string, code: string) =>
    server.call<SessionInfo>('POST', ApiPath.auth.join, { token, body: { invitationCode: code } });
  const statusOf = async (id: number) => (await invitations('agentManager').detail(id)).data.status;
  // The expiry tests above moved the clock past every earlier session.
  beforeAll(() => {
    for (const account of ['agentManager', 'agentEmployee', 'merchantProManager']) server.as(account).forgetSession();
  });

  it('the agent employee sees the agency’s codes masked, list and detail; the manager sees them whole', async () => {
    const { id, code } = await openInvitation();
    const seen = (await list('agentEmployee')).data.list;
    expect(seen.length).toBeGreaterThan(0);
    for (const row of seen) expect(row.code).toMatch(/^••••-••••-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(seen.find((row) => row.id === id)).toMatchObject({
      code: `••••-••••-${code.slice(-4)}`,
      invitee: expect.stringMatching(/Owner$/),
    });
    const detail = await invitations('agentEmployee').detail(id);
    expect(detail.data.code).toBe(`••••-••••-${code.slice(-4)}`);
    expect(JSON.stringify(detail.data)).not.toContain(code.slice(0, 4));
    expect((await list('agentManager')).data.list.find((row) => row.id === id)?.code).toBe(code);
  });

  it('redeeming the manager’s code as someone else, by join or by sign-up, is a 403 that leaves the code open for its invitee', async () => {
    const invitation = await openInvitation({ orgName: 'Juniper Jewels', tenantType: 3, invitee: 'juniperOwner' });
    const byJoin = await join(await server.as('agentEmployee').token(), invitation.code);
    expect(byJoin).toMatchObject({ code: 403, msg: 'This invitation was issued for another account.' });
    expect(byJoin.data).toEqual({ invitationCode: 'This invitation was issued for another account. Ask for one in your account name.' });
    const bySignup = await signup(newMerchant(invitation.code, 'juniperOwner2'));
    expect(bySignup).toMatchObject({
      code: 403,
      data: { account: 'This invitation was issued for another account. Ask for one in your account name.' },
    });
    // Nothing was written: no account, no org, the code still open.
    expect((await server.call('POST', ApiPath.auth.login, { body: { account: 'juniperOwner2', password: 'Str0ng-pass' } })).code).toBe(401);
    expect((await server.as('agentEmployee').call<SessionInfo>('GET', ApiPath.auth.me)).data.orgList.map((o) => o.orgName)).not.toContain(
      'Juniper Jewels',
    );
    expect(await statusOf(invitation.id)).toBe('open');

    const rightful = await signup(newMerchant(invitation.code, ' JuniperOwner '));
    expect(rightful.code).toBe(200);
    expect(rightful.data.orgList.map((o) => o.orgName)).toEqual(['Juniper Jewels']);
    expect(await statusOf(invitation.id)).toBe('used');
  });

  it('a merchant code for an existing account: only that account joins with it', async () => {
    const invitation = await openInvitation({ orgName: 'Kelp Kitchens', invitee: 'merchantStdFinance' });
    expect((await join(await server.as('agentEmployee').token(), invitation.code)).code).toBe(403);
    expect((await join(await server.as('merchantProManager').token(), invitation.code)).code).toBe(403);
    expect(await statusOf(invitation.id)).toBe('open');
    const res = await join(await server.login('merchantStdFinance'), invitation.code);
    expect(res.code).toBe(200);
    expect(res.data.orgList.find((o) => o.orgName === 'Kelp Kitchens')).toMatchObject({ roleLevel: 0 });
  });

  it('a code issued before invitations named their invitee is redeemed by no one', async () => {
    const { db } = server.app.context;
    const agentManager = await db.selectFrom('appUser').select('id').where('account', '=', 'agentManager').executeTakeFirstOrThrow();
    const code = 'QQQQ2222RRRR';
    await db
      .insertInto('invitation')
      .values({
        code,
        issuerOrgId: server.orgIds.agentNorth,
        tenantType: 5,
        orgName: 'Legacy Shop',
        createdBy: agentManager.id,
        expiresAt: new Date(server.app.context.now().getTime() + 86_400_000),
      })
      .execute();
    expect((await signup(newMerchant(code, 'legacyOwner'))).code).toBe(403);
    expect((await join(await server.as('agentEmployee').token(), code)).code).toBe(403);
  });
});
