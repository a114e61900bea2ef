import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { MemberInvitationRecord, MemberRecord } from '../../src/contract/schemas/member';
import type { InvitationRecord } from '../../src/contract/schemas/invitation';
import type { SessionInfo } from '../../src/contract/schemas/auth';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const invite = (account: string, body: Record<string, unknown>) =>
  server.as(account).call<MemberInvitationRecord>('POST', ApiPath.member.invite, { body });
const invitations = (account: string, query: Record<string, string> = {}) =>
  server.as(account).call<ListResult<MemberInvitationRecord>>('GET', ApiPath.member.invitationList, { query });
const revoke = (account: string, id: number) =>
  server.as(account).call<MemberInvitationRecord>('POST', withId(ApiPath.member.invitationDelete, id));
const signup = (code: string, account: string) =>
  server.call<SessionInfo>('POST', ApiPath.auth.signup, {
    body: { account, password: 'Join-2026x', userName: 'New Member', invitationCode: code },
  });

describe('member invitations', () => {
  it('a manager invites a finance member; signing up with the code joins the org with that role', async () => {
    const res = await invite('merchantStdManager', { roleLevel: 1, invitee: 'birchFinance2' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      roleLevel: 1,
      roleLabel: 'finance',
      invitee: 'birchFinance2',
      status: 'open',
      orgId: server.orgIds.stdB,
      createdBy: 'merchantStdManager',
      usedBy: null,
    });
    const joined = await signup(res.data.code, 'birchFinance2');
    expect(joined.code).toBe(200);
    expect(joined.data.orgList).toEqual([{ orgId: server.orgIds.stdB, orgName: 'Birch Goods (Standard)', tenantType: 5, roleLevel: 1 }]);
    const members = await server.as('merchantStdManager').call<ListResult<MemberRecord>>('GET', ApiPath.member.list);
    expect(members.data.list.find((m) => m.account === 'birchFinance2')?.role).toBe('merchantStdFinance');
    expect((await invitations('merchantStdManager', { status: 'used' })).data.list.map((i) => i.usedBy)).toContain('birchFinance2');
  });

  it('a role the tier lacks is refused; only the org’s managers invite, list and withdraw', async () => {
    expect((await invite('merchantLiteManager', { roleLevel: 2, invitee: 'cedarStaff' })).data).toEqual({
      roleLevel: 'Choose a role this organisation has.',
    });
    expect((await invite('merchantStdManager', { roleLevel: 2 })).data).toEqual({ invitee: 'Required.' });
    expect((await invite('merchantStdFinance', { roleLevel: 2, invitee: 'birchStaff' })).code).toBe(403);
    expect((await invitations('merchantStdFinance')).code).toBe(403);
    const open = (await invite('merchantStdManager', { roleLevel: 2, validDays: 3, invitee: 'tooLate' })).data;
    expect((await revoke('merchantLiteManager', open.id)).code).toBe(404);
    expect((await revoke('merchantStdManager', open.id)).data.status).toBe('revoked');
    expect((await revoke('merchantStdManager', open.id)).code).toBe(409);
    expect((await signup(open.code, 'tooLate')).data).toEqual({ invitationCode: 'This invitation was withdrawn. Ask for a new one.' });
  });

  it('member codes stay out of the agency’s merchant invitations', async () => {
    const agentsOwn = (await invite('agentManager', { roleLevel: 1, invitee: 'northStaff' })).data;
    const merchantCodes = await server
      .as('agentManager')
      .call<ListResult<InvitationRecord>>('GET', ApiPath.invitation.list, { query: { pageSize: 100 } });
    expect(merchantCodes.data.list.map((i) => i.code)).not.toContain(agentsOwn.code);
    expect((await server.as('agentManager').call('POST', withId(ApiPath.invitation.delete, agentsOwn.id))).code).toBe(404);
    const joined = await signup(agentsOwn.code, 'northStaff');
    expect(joined.data.orgList).toEqual([{ orgId: server.orgIds.agentNorth, orgName: 'North Agency', tenantType: 1, roleLevel: 1 }]);
  });
});

describe('POST /sys/auth/join: a signed-in account redeems a code', () => {
  const join = (token: string | undefined, code: string) =>
    server.call<SessionInfo>('POST', ApiPath.auth.join, { token, body: { invitationCode: code } });

  it('a member code adds the org to the account’s memberships; twice is refused', async () => {
    const token = await server.login('merchantLiteEmployee');
    const code = (await invite('merchantStdManager', { roleLevel: 2, invitee: 'merchantLiteEmployee' })).data.code;
    const res = await join(token, code);
    expect(res.code).toBe(200);
    expect(res.data.orgList.map((o) => [o.orgName, o.roleLevel])).toEqual([
      ['Cedar Cafe (Lite)', 1],
      ['Birch Goods (Standard)', 2],
    ]);
    // The same org again, with a fresh code: refused on the code, which stays open.
    const again = (await invite('merchantStdManager', { roleLevel: 1, invitee: 'merchantLiteEmployee' })).data;
    expect((await join(token, again.code)).data).toEqual({ invitationCode: 'You are already a member of this organisation.' });
    expect((await invitations('merchantStdManager', { status: 'open' })).data.list.map((i) => i.id)).toContain(again.id);
    expect((await join(token, code)).data).toEqual({ invitationCode: 'This invitation has already been used.' });
  });

  it('a merchant code starts that merchant org with the account as its manager; no session, no join', async () => {
    const merchantCode = (
      await server.as('agentManager').call<InvitationRecord>('POST', ApiPath.invitation.save, {
        body: { orgName: 'Lime Logistics', tenantType: 5, invitee: 'merchantStdFinance' },
      })
    ).data.code;
    expect((await join(undefined, merchantCode)).code).toBe(401);
    const token = await server.login('merchantStdFinance');
    const res = await join(token, merchantCode);
    expect(res.data.orgList.find((o) => o.orgName === 'Lime Logistics')).toMatchObject({ tenantType: 5, roleLevel: 0 });
  });
});

describe('a member code is for its invitee alone', () => {
  const join = (token: string, code: string) =>
    server.call<SessionInfo>('POST', ApiPath.auth.join, { token, body: { invitationCode: code } });
  const openIds = async () => (await invitations('merchantStdManager', { status: 'open' })).data.list.map((i) => i.id);

  it('a colleague joining with it, or signing up under another name, is a 403; the code stays open and its invitee joins', async () => {
    const invitation = (await invite('merchantStdManager', { roleLevel: 0, invitee: 'birchDeputy' })).data;
    // A manager role is worth stealing: the finance member tries it on /account, then as a new account.
    const byJoin = await join(await server.as('merchantStdFinance').token(), invitation.code);
    expect(byJoin).toMatchObject({
      code: 403,
      data: { invitationCode: 'This invitation was issued for another account. Ask for one in your account name.' },
    });
    expect((await signup(invitation.code, 'birchDeputy2')).code).toBe(403);
    expect(await openIds()).toContain(invitation.id);
    const members = await server.as('merchantStdManager').call<ListResult<MemberRecord>>('GET', ApiPath.member.list);
    expect(members.data.list.find((m) => m.account === 'merchantStdFinance')?.roleLevel).toBe(1);
    expect(members.data.list.map((m) => m.account)).not.toContain('birchDeputy2');

    const rightful = await signup(invitation.code, 'BirchDeputy');
    expect(rightful.data.orgList).toEqual([{ orgId: server.orgIds.stdB, orgName: 'Birch Goods (Standard)', tenantType: 5, roleLevel: 0 }]);
    expect(await openIds()).not.toContain(invitation.id);
  });

  it('an existing account named as invitee joins; anyone else signed in is refused', async () => {
    const invitation = (await invite('merchantStdManager', { roleLevel: 2, invitee: 'merchantProEmployee' })).data;
    expect((await join(await server.login('merchantProFinance'), invitation.code)).code).toBe(403);
    expect(await openIds()).toContain(invitation.id);
    const res = await join(await server.login('merchantProEmployee'), invitation.code);
    expect(res.code).toBe(200);
    expect(res.data.orgList.map((o) => o.orgName)).toContain('Birch Goods (Standard)');
  });
});
