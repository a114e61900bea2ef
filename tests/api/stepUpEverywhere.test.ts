import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { authenticator, enrol, type Authenticator } from './twoFactorSupport';
import { balanceOf, firstPaidOrder, fund, startSignServer } from './signSupport';
import type { OpenApiDocument } from '../../server/http/openApi';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode } from '../../src/contract/envelope';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { MemberInvitationRecord, MemberRecord } from '../../src/contract/schemas/member';
import type { InvitationRecord } from '../../src/contract/schemas/invitation';
import type { SessionInfo } from '../../src/contract/schemas/auth';

/**
 * Issue 32: the writes that move money or decide who manages an org ask an enrolled user for a
 * fresh second-factor code (docs/DECISIONS.md "Two-factor authentication and step-up"). The
 * dishonest insider here holds a signed-in session of an enrolled user, and no code.
 */
const EXTERNAL = getAddress('0x1111111111111111111111111111111111111111');
const STEP_UP_LAPSED = 5 * 60_000 + 1_000;

let server: TestServer, app: Authenticator, wallets: Record<string, number>, addresses: Record<string, string>;
const tokens: Record<string, string> = {};
const secrets: Record<string, string> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  ({ server, wallets, addresses } = await startSignServer());
  app = authenticator(server);
  for (const row of await server.app.context.db.selectFrom('appUser').select(['id', 'account']).execute()) userIds[row.account] = row.id;
  for (const account of ['merchantStdManager', 'merchantStdFinance', 'merchantLiteManager', 'merchantLiteEmployee', 'agentManager'])
    tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const enrolled = async (account: string) => {
  secrets[account] = (await enrol(server, app, tokens[account])).secret;
};
const stepUp = async (account: string) => {
  const res = await server.call('POST', ApiPath.account.twoFactor.stepUp, {
    token: tokens[account],
    body: { code: app.freshCode(secrets[account]) },
  });
  expect(res.code).toBe(200);
};
/** Five minutes on: no step-up of an earlier test counts any more. */
const lapse = () => app.advance(STEP_UP_LAPSED);

const countOf = async (table: 'movement' | 'ledgerEntry' | 'proposal' | 'invitation' | 'membership') =>
  Number(
    (
      await server.app.context.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What a money movement could have changed: its rows, the ledger, proposals, and the wallet's balance. */
const books = async (walletId: number, symbol: string) => ({
  movements: await countOf('movement'),
  ledgerEntries: await countOf('ledgerEntry'),
  proposals: await countOf('proposal'),
  balance: await balanceOf(server, walletId, symbol),
});

const move = (account: string, body: Record<string, unknown>) =>
  server.call<MovementRecord>('POST', ApiPath.movement.save, { token: tokens[account], body: { memo: '', ...body } });
const updateMember = (account: string, body: Record<string, unknown>) =>
  server.call<MemberRecord>('POST', ApiPath.member.update, { token: tokens[account], body });
const removeMember = (account: string, userId: number) =>
  server.call<MemberRecord>('POST', withId(ApiPath.member.delete, userId), { token: tokens[account] });
const inviteMember = (account: string, body: Record<string, unknown>) =>
  server.call<MemberInvitationRecord>('POST', ApiPath.member.invite, { token: tokens[account], body });
const inviteMerchant = (body: Record<string, unknown>) =>
  server.call<InvitationRecord>('POST', ApiPath.invitation.save, { token: tokens.agentManager, body });
const withdrawMerchantCode = (id: number) =>
  server.call<InvitationRecord>('POST', withId(ApiPath.invitation.delete, id), { token: tokens.agentManager });
const levelOf = async (userId: number, orgId: number) =>
  (
    await server.app.context.db
      .selectFrom('membership')
      .select('roleLevel')
      .where('userId', '=', userId)
      .where('orgId', '=', orgId)
      .executeTakeFirst()
  )?.roleLevel;
const invitationsFor = async (invitee: string) =>
  (await server.app.context.db.selectFrom('invitation').select('id').where('invitee', '=', invitee).execute()).length;

/** A paid order of Birch Goods on Ethereum, and its wallet funded to refund it. */
async function refundableOrder() {
  const order = await firstPaidOrder(server, server.orgIds.stdB);
  await fund(server, wallets['Birch deposits'], order.currencyId, '1000000');
  return order;
}

describe('a user who is not enrolled is not asked', () => {
  it('moves money, changes a role, invites a manager, removes a member and issues a merchant code with the password session alone', async () => {
    const transfer = await move('merchantLiteEmployee', {
      kind: 'transfer',
      walletId: wallets['Cedar deposits'],
      to: EXTERNAL,
      symbol: 'USDT',
      amount: '1',
    });
    expect(transfer).toMatchObject({ code: 200, data: { status: 'executed' } });

    const employee = userIds.merchantLiteEmployee;
    expect((await updateMember('merchantLiteManager', { userId: employee, roleLevel: 0 })).code).toBe(200);
    expect((await updateMember('merchantLiteManager', { userId: employee, roleLevel: 1 })).code).toBe(200);

    expect((await inviteMember('merchantLiteManager', { roleLevel: 0, invitee: 'cedarDeputy' })).code).toBe(200);
    // A member to remove: one who joins with a code and signs no wallet.
    const code = (await inviteMember('merchantLiteManager', { roleLevel: 1, invitee: 'cedarTemp' })).data.code;
    const joined = await server.call<SessionInfo>('POST', ApiPath.auth.signup, {
      body: { account: 'cedarTemp', password: 'Join-2026x', userName: 'Cedar Temp', invitationCode: code },
    });
    expect(joined.code).toBe(200);
    const temp = (
      await server.app.context.db.selectFrom('appUser').select('id').where('account', '=', 'cedarTemp').executeTakeFirstOrThrow()
    ).id;
    expect((await removeMember('merchantLiteManager', temp)).code).toBe(200);
    expect(await levelOf(temp, server.orgIds.liteC)).toBeUndefined();

    expect((await inviteMerchant({ orgName: 'Plain Shop', tenantType: 5, invitee: 'plainOwner' })).code).toBe(200);
  });
});

describe('money movements of an enrolled user', () => {
  beforeAll(async () => {
    await enrolled('merchantStdFinance');
    await enrolled('merchantStdManager');
  });

  const cases: Array<{
    name: string;
    account: string;
    walletLabel: string;
    symbol: string;
    body: () => Promise<Record<string, unknown>>;
    status: string;
  }> = [
    {
      name: 'a direct transfer',
      account: 'merchantStdFinance',
      walletLabel: 'Birch deposits',
      symbol: 'USDC',
      body: async () => ({ kind: 'transfer', to: EXTERNAL, symbol: 'USDC', amount: '10' }),
      status: 'executed',
    },
    {
      name: 'a withdrawal from a hot wallet',
      account: 'merchantStdManager',
      walletLabel: 'Birch deposits',
      symbol: 'USDC',
      body: async () => ({ kind: 'withdraw', to: EXTERNAL, symbol: 'USDC', amount: '20' }),
      status: 'executed',
    },
    {
      name: 'a refund',
      account: 'merchantStdFinance',
      walletLabel: 'Birch deposits',
      symbol: 'USDC',
      body: async () => {
        const order = await refundableOrder();
        return { kind: 'refund', orderNo: order.orderNo, symbol: order.symbol, amount: '1' };
      },
      status: 'executed',
    },
    {
      name: 'a supply (a proposal out of the cold wallet)',
      account: 'merchantStdManager',
      walletLabel: 'Birch cold',
      symbol: 'USDC',
      body: async () => ({ kind: 'supply', to: addresses['Birch deposits'], symbol: 'USDC', amount: '300' }),
      status: 'pending',
    },
    {
      name: 'a transfer out of a multisig wallet (it starts a proposal)',
      account: 'merchantStdManager',
      walletLabel: 'Birch cold',
      symbol: 'USDC',
      body: async () => ({ kind: 'transfer', to: EXTERNAL, symbol: 'USDC', amount: '5' }),
      status: 'pending',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: 428 and nothing moved without a fresh code; goes through after a step-up`, async () => {
      lapse();
      const walletId = wallets[c.walletLabel];
      const body = { ...(await c.body()), walletId };
      const before = await books(walletId, c.symbol);
      const refused = await move(c.account, body);
      expect(refused).toMatchObject({ code: BodyCode.stepUpRequired, msg: 'This action needs a current two-factor code.' });
      expect(await books(walletId, c.symbol)).toEqual(before);

      await stepUp(c.account);
      const done = await move(c.account, body);
      expect(done.code, JSON.stringify(done)).toBe(200);
      expect(done.data.status).toBe(c.status);
      expect((await books(walletId, c.symbol)).movements).toBe(before.movements + 1);
    });
  }

  it('a step-up of one enrolled user does not open the way for another', async () => {
    lapse();
    await stepUp('merchantStdManager');
    const before = await books(wallets['Birch deposits'], 'USDC');
    const refused = await move('merchantStdFinance', {
      kind: 'transfer',
      walletId: wallets['Birch deposits'],
      to: EXTERNAL,
      symbol: 'USDC',
      amount: '1',
    });
    expect(refused.code).toBe(BodyCode.stepUpRequired);
    expect(await books(wallets['Birch deposits'], 'USDC')).toEqual(before);
  });
});

describe('members of an org whose manager is enrolled', () => {
  beforeAll(async () => {
    if (!secrets.merchantStdManager) await enrolled('merchantStdManager');
  });

  it('a role change: 428 and the role unchanged without a fresh code; changed after a step-up', async () => {
    lapse();
    const employee = userIds.merchantStdEmployee;
    const before = await levelOf(employee, server.orgIds.stdB);
    expect(before).toBe(2);
    for (const roleLevel of [0, 1]) {
      expect((await updateMember('merchantStdManager', { userId: employee, roleLevel })).code).toBe(BodyCode.stepUpRequired);
      expect(await levelOf(employee, server.orgIds.stdB)).toBe(before);
    }
    await stepUp('merchantStdManager');
    expect(await updateMember('merchantStdManager', { userId: employee, roleLevel: 0 })).toMatchObject({
      code: 200,
      data: { roleLevel: 0 },
    });
    expect(await levelOf(employee, server.orgIds.stdB)).toBe(0);
    expect((await updateMember('merchantStdManager', { userId: employee, roleLevel: 2 })).code).toBe(200);
  });

  it('a removal: 428 and the member still there without a fresh code; removed after a step-up', async () => {
    lapse();
    // multiOrg is an employee of Birch Goods and signs none of its wallets.
    const member = userIds.multiOrg;
    const memberships = await countOf('membership');
    expect((await removeMember('merchantStdManager', member)).code).toBe(BodyCode.stepUpRequired);
    expect(await levelOf(member, server.orgIds.stdB)).toBe(2);
    expect(await countOf('membership')).toBe(memberships);
    await stepUp('merchantStdManager');
    expect((await removeMember('merchantStdManager', member)).code).toBe(200);
    expect(await levelOf(member, server.orgIds.stdB)).toBeUndefined();
  });

  it('an invitation for a manager: 428 and no code issued without a fresh code; issued after a step-up; other roles are not asked', async () => {
    lapse();
    const invitations = await countOf('invitation');
    expect((await inviteMember('merchantStdManager', { roleLevel: 0, invitee: 'birchBoss' })).code).toBe(BodyCode.stepUpRequired);
    expect(await invitationsFor('birchBoss')).toBe(0);
    expect(await countOf('invitation')).toBe(invitations);
    // A finance or employee code grants no management: it asks nothing.
    expect((await inviteMember('merchantStdManager', { roleLevel: 2, invitee: 'birchHelper' })).code).toBe(200);
    await stepUp('merchantStdManager');
    expect(await inviteMember('merchantStdManager', { roleLevel: 0, invitee: 'birchBoss' })).toMatchObject({
      code: 200,
      data: { roleLevel: 0, status: 'open' },
    });
    expect(await invitationsFor('birchBoss')).toBe(1);
  });
});

describe('merchant invitations of an enrolled agent manager (the invitee manages the new org)', () => {
  it('428 and no code without a fresh code; issued after a step-up; withdrawing asks nothing', async () => {
    await enrolled('agentManager');
    const invitations = await countOf('invitation');
    const body = { orgName: 'Quince Goods', tenantType: 3, invitee: 'quinceOwner' };
    expect((await inviteMerchant(body)).code).toBe(BodyCode.stepUpRequired);
    expect(await invitationsFor('quinceOwner')).toBe(0);
    expect(await countOf('invitation')).toBe(invitations);
    await stepUp('agentManager');
    const issued = await inviteMerchant(body);
    expect(issued).toMatchObject({ code: 200, data: { status: 'open' } });
    lapse();
    expect(await withdrawMerchantCode(issued.data.id)).toMatchObject({ code: 200, data: { status: 'revoked' } });
  });
});

describe('the API description marks them', () => {
  it('x-step-up on every money movement, member role change, removal and manager invitation; not on withdrawing a code', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const stepUpOf = (method: 'get' | 'post', path: string) =>
      (doc.paths[`/api${path}`]?.[method] as { 'x-step-up'?: unknown } | undefined)?.['x-step-up'];
    expect(stepUpOf('post', ApiPath.movement.save)).toBe(true);
    expect(stepUpOf('post', ApiPath.member.update)).toBe(true);
    expect(stepUpOf('post', ApiPath.member.delete)).toBe(true);
    expect(stepUpOf('post', ApiPath.member.invite)).toBe('conditional');
    expect(stepUpOf('post', ApiPath.invitation.save)).toBe(true);
    expect(stepUpOf('post', ApiPath.invitation.delete)).toBeUndefined();
    expect(stepUpOf('post', ApiPath.member.invitationDelete)).toBeUndefined();
    expect(stepUpOf('get', ApiPath.member.detail)).toBeUndefined();
    expect(stepUpOf('get', ApiPath.movement.list)).toBeUndefined();
  });
});
