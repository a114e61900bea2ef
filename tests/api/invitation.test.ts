import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { InvitationRecord } from '../../src/contract/schemas/invitation';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import type { OrgRecord } from '../../src/contract/schemas/org';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'agentManager', 'agentEmployee', 'merchantProManager']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const invite = (account: string, body: Record<string, unknown>) => server.call<InvitationRecord>('POST', '/sys/invitation/save', { token: tokens[account], body });
const list = (account: string, query: Record<string, string | number> = {}) =>
  server.call<ListResult<InvitationRecord>>('GET', '/sys/invitation/list', { token: tokens[account], query: { pageSize: 100, ...query } });
const revoke = (account: string, id: number) => server.call<InvitationRecord>('POST', `/sys/invitation/delete/${id}`, { token: tokens[account] });
const signup = (body: Record<string, unknown>) => server.call<SessionInfo>('POST', '/sys/auth/signup', { body });
const newMerchant = (code: string, account: string) => ({ account, password: 'Str0ng-pass', userName: 'New Merchant', invitationCode: code });
let serial = 0;
const openInvitation = async (overrides: Record<string, unknown> = {}) => (await invite('agentManager', { orgName: `Shop ${++serial}`, tenantType: 5, ...overrides })).data;

describe('invitation codes: agent managers issue and withdraw them', () => {
  it('a code is 12 Crockford base32 characters, open, for one tier, valid 7 days by default', async () => {
    const res = await invite('agentManager', { orgName: 'Fern Florist', tenantType: 4 });
    expect(res.code).toBe(200);
    expect(res.data.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(res.data).toMatchObject({ orgName: 'Fern Florist', tenantType: 4, status: 'open', issuerOrgId: server.orgIds.agentNorth, createdBy: 'agentManager', usedBy: null });
    const days = (Date.parse(res.data.expiresAt) - Date.parse(res.data.createdAt)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('the agent row reads its own agency’s codes; only the agent manager issues and withdraws', async () => {
    const { id } = await openInvitation();
    expect((await list('agentEmployee')).data.list.map((i) => i.id)).toContain(id);
    expect((await invite('agentEmployee', { orgName: 'X', tenantType: 3 })).code).toBe(403);
    expect((await revoke('agentEmployee', id)).code).toBe(403);
    // The route group is the agent row alone (SPEC A2): operators and merchants are refused.
    expect((await list('superAdmin')).code).toBe(403);
    expect((await list('merchantProManager')).code).toBe(403);
  });

  it('bad bodies are 400s with the field named, and nothing is stored', async () => {
    const before = (await list('agentManager')).data.count;
    for (const body of [{ tenantType: 3 }, { orgName: 'X', tenantType: 1 }, { orgName: 'X', tenantType: 'pro' }, { orgName: 'X', tenantType: 3, validDays: 0 }, { orgName: 'X', tenantType: 3, validDays: 91 }]) {
      const res = await invite('agentManager', body);
      expect(res.code, JSON.stringify(body)).toBe(400);
    }
    expect((await invite('agentManager', { tenantType: 3 })).data).toEqual({ orgName: 'Required.' });
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
    const invitation = await openInvitation({ orgName: 'Gale Gadgets', tenantType: 3 });
    // Codes are forgiven case and dashes as typed.
    const res = await signup(newMerchant(invitation.code.toLowerCase().replace(/-/g, ' '), 'galeOwner'));
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.orgList).toEqual([{ orgId: expect.any(Number), orgName: 'Gale Gadgets', tenantType: 3, roleLevel: 0 }]);
    const me = await server.call<SessionInfo>('GET', '/sys/auth/me', { token: res.data.token });
    expect(me.data.account).toBe('galeOwner');
    const org = await server.call<OrgRecord>('GET', '/sys/org/detail', { token: tokens.agentManager, query: { id: res.data.orgList[0].orgId } });
    expect(org.data).toMatchObject({ orgName: 'Gale Gadgets', parentId: server.orgIds.agentNorth, memberCount: 1 });
    const used = (await list('agentManager', { status: 'used' })).data.list.find((i) => i.id === invitation.id)!;
    expect(used).toMatchObject({ usedBy: 'galeOwner', orgId: res.data.orgList[0].orgId });
    expect((await revoke('agentManager', invitation.id)).code).toBe(409);
    expect((await server.call('POST', '/sys/auth/login', { body: { account: 'galeOwner', password: 'Str0ng-pass' } })).code).toBe(200);
  });

  it('a code signs up one account even when two try at once', async () => {
    const { code } = await openInvitation();
    const results = await Promise.all([signup(newMerchant(code, 'raceOne')), signup(newMerchant(code, 'raceTwo'))]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.code === 400)!;
    expect(loser.data).toEqual({ invitationCode: 'This invitation has already been used.' });
  });

  it('expired, withdrawn and unknown codes are refused on the code field', async () => {
    const expiring = await openInvitation({ validDays: 1 });
    const withdrawn = await openInvitation();
    await revoke('agentManager', withdrawn.id);
    server.advanceClock(2 * 86_400_000);
    // Two days on, the manager's session has ended too: sign in again.
    tokens.agentManager = await server.login('agentManager');
    expect((await signup(newMerchant(expiring.code, 'lateOne'))).data).toEqual({ invitationCode: 'This invitation has expired. Ask for a new one.' });
    expect((await signup(newMerchant(withdrawn.code, 'lateTwo'))).data).toEqual({ invitationCode: 'This invitation was withdrawn. Ask for a new one.' });
    expect((await signup(newMerchant('ZZZZ-ZZZZ-ZZZZ', 'lateThree'))).data).toEqual({ invitationCode: 'No invitation has this code.' });
    expect((await list('agentManager', { status: 'expired' })).data.list.map((i) => i.id)).toContain(expiring.id);
  });

  it('a taken account (in any case) is a 409 on the account field and leaves the code open', async () => {
    const invitation = await openInvitation();
    const res = await signup(newMerchant(invitation.code, 'SUPERADMIN'));
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ account: 'Already in use.' });
    expect((await list('agentManager', { status: 'open' })).data.list.map((i) => i.id)).toContain(invitation.id);
  });

  it('weak passwords, bad account names and malformed codes are 400s per field, before any code is touched', async () => {
    const { code } = await openInvitation();
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
    expect((await signup({ ...newMerchant(code, 'okName'), userName: 'x'.repeat(101) })).data).toEqual({ userName: 'Must be at most 100 characters.' });
    const { userName: _omitted, ...withoutName } = newMerchant(code, 'okName');
    expect((await signup(withoutName)).data).toEqual({ userName: 'Required.' });
  });
});
