import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { API_BASE } from '../../src/contract/constants';
import type { ListResult } from '../../src/contract/envelope';
import type { AuditEntity, AuditEventRecord, AuditVerifyResult } from '../../src/contract/schemas/auditLog';
import { declaredResources } from '../../server/modules/declared/discover';
import { ApiPath, withId } from '../../src/contract/apiPaths';

/**
 * Every write route and the entities its audit events name. A write route not listed fails the
 * first test: a new endpoint must say how it is audited (docs/DECISIONS.md "Audit trail").
 */
const AUDITED_WRITES: Record<string, readonly string[]> = {
  'POST /sys/auth/login': ['session', 'auth'],
  'POST /sys/auth/signup': ['user', 'org', 'member', 'invitation', 'session'],
  'POST /sys/auth/join': ['member', 'invitation', 'org'],
  'POST /sys/auth/logout': ['session'],
  'POST /sys/config/brand/update': ['brand'],
  'POST /sys/config/brand/upload': ['brand'],
  'POST /sys/chain/save': ['chain'],
  'POST /sys/chain/update': ['chain'],
  'POST /sys/chain/delete/:id': ['chain'],
  'POST /sys/currency/save': ['currency'],
  'POST /sys/currency/update': ['currency'],
  'POST /sys/currency/delete/:id': ['currency'],
  'POST /sys/chain-wallet/save': ['wallet', 'walletSigner'],
  'POST /sys/chain-wallet/update': ['wallet', 'walletSigner'],
  'POST /sys/chain-wallet/delete/:id': ['wallet', 'walletSigner'],
  'POST /sys/sign/start': ['proposal', 'proposalVote', 'movement'],
  'POST /sys/sign/approval': ['proposalVote', 'proposal'],
  'POST /sys/sign/confirm': ['proposal', 'movement', 'wallet', 'walletSigner'],
  'POST /sys/sign/deny': ['proposalVote', 'proposal'],
  'POST /sys/contract-address/save': ['contractAddress'],
  'POST /sys/contract-address/update': ['contractAddress'],
  'POST /sys/member/update': ['member'],
  'POST /sys/member/delete/:id': ['member'],
  'POST /sys/member/invite': ['invitation'],
  'POST /sys/member/invitation/delete/:id': ['invitation'],
  'POST /sys/invitation/save': ['invitation'],
  'POST /sys/invitation/delete/:id': ['invitation'],
  'POST /sys/pay-link/save': ['payLink'],
  'POST /sys/pay-link/update': ['payLink'],
  'POST /sys/pay-link/delete/:id': ['payLink'],
  'POST /sys/movement/save': ['movement', 'proposal', 'proposalVote'],
  'POST /sys/order-repair/recredit': ['orderRepair'],
  'POST /sys/order-repair/recheck': ['orderRepair'],
  'POST /sys/order-sweep/run': ['movement'],
  'POST /sys/order-refund/run': ['movement', 'orderRefund'],
  'POST /sys/account/update': ['user'],
  'POST /sys/account/password': ['user', 'session'],
  'POST /sys/account/session/delete/:id': ['session'],
  'POST /sys/policy/save': ['policy'],
  'POST /sys/address-book/save': ['addressBook'],
  'POST /sys/address-book/update': ['addressBook'],
  'POST /sys/address-book/delete/:id': ['addressBook'],
  // A webhook's rotation is an update of its row, without either secret (tests/api/webhook.test.ts checks its events).
  'POST /sys/webhook/rotate/:id': ['webhook'],
  // Sending a delivery again and a test event are events of the endpoint, naming the delivery (tests/api/webhookLog.test.ts).
  'POST /sys/webhook/resend/:id': ['webhook'],
  'POST /sys/webhook/test/:id': ['webhook'],
  // A user's own notices marked read: their read state, no change to audit (docs/api.md "Notifications";
  // tests/api/notification.test.ts checks another user's stays untouched).
  'POST /sys/notification/read/:id': [],
  'POST /sys/notification/read-all': [],
  // The secret is never in the trail: enrolment's own row is not audited, its outcome is an event.
  'POST /sys/account/two-factor/start': [],
  'POST /sys/account/two-factor/confirm': ['user', 'auth'],
  'POST /sys/account/two-factor/disable': ['user', 'session', 'auth'],
  'POST /sys/account/two-factor/step-up': ['session', 'auth'],
  'POST /sys/org/two-factor': ['org'],
  'POST /sys/account/signing-key/register': ['signingKey'],
  // Devnet mode only: writes no row of ours; the devnet's journal keeps what it mined (docs/chains.md "Deposits").
  'POST /devnet/:chainId': [],
  // An order's own address is one of its org's wallets (docs/payments.md "An address per order"), made by
  // a merchant API key (tests/api/merchantOrder.test.ts checks its event) or a payer on a pay link's page.
  'POST /v1/orders': ['wallet'],
  'POST /v1/pay/:code/order': ['wallet'],
  // Devnet mode only: the faucet's coins are the devnet's, no row of ours.
  'POST /v1/checkout/:code/faucet': [],
  // Devnet mode, simulated networks only: what it books (a transfer, the order's credit) is the ledger's, no audited row
  // (tests/api/tronCheckout.test.ts).
  'POST /v1/checkout/:code/simulate-payment': [],
  // A declared resource's writes are audited under its name (server/modules/declared); the movement
  // screens save on one API's path, listed above with what a movement writes.
  ...Object.fromEntries(
    declaredResources
      .filter((d) => d.endpoints?.save === undefined)
      .flatMap((d) =>
        (['save', 'update', 'delete/:id'] as const)
          .filter((w) => d.access?.[w === 'save' ? 'create' : w === 'update' ? 'edit' : 'delete'])
          // A declaration's own delete path (an API key's revoke) is its delete.
          .map((w) => [
            w === 'delete/:id' && d.endpoints?.delete ? `POST ${d.endpoints.delete.replace('{id}', ':id')}` : `POST /sys/${d.name}/${w}`,
            [d.name],
          ]),
      ),
  ),
};

let server: TestServer;
const tokens: Record<string, string> = {};
const token = async (account: string) => (tokens[account] ??= await server.login(account));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const list = async (account: string, query: Record<string, string | number> = {}) =>
  server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
    token: await token(account),
    query: { pageSize: 500, ...query },
  });
const verify = async () => server.call<AuditVerifyResult>('GET', ApiPath.auditLog.verify, { token: await token('superAdmin') });
const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from audit_event`.execute(db())).rows[0].n);
const post = async (account: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.call<Record<string, unknown>>('POST', path, { token: await token(account), body, headers });

describe('every write is audited', () => {
  it('each write route of the API is in the catalogue of how it is audited', () => {
    const writes = server.app.routeList.filter((r) => r.startsWith('POST ')).map((r) => r.replace(` ${API_BASE}`, ' '));
    for (const route of writes)
      expect(
        AUDITED_WRITES[route],
        `${route} is a write route with no audit case: add it to AUDITED_WRITES and test its event`,
      ).toBeDefined();
    expect(Object.keys(AUDITED_WRITES).sort()).toEqual([...new Set(writes)].sort());
  });

  it('a currency’s fee change names who, where from, which request, and the field before → after', async () => {
    const usdt = await db()
      .selectFrom('currency')
      .select(['id', sql<string>`withdraw_fee::text`.as('fee')])
      .where('chainId', '=', 1)
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const res = await post('superAdmin', ApiPath.currency.update, { id: usdt.id, withdrawFee: '3' }, { 'user-agent': 'AuditTest/1.0' });
    expect(res.code).toBe(200);
    const [event] = (await list('superAdmin', { entity: 'currency', entityId: String(usdt.id), action: 'update' })).data.list;
    expect(event).toMatchObject({
      actorAccount: 'superAdmin',
      actorName: 'Sam Super',
      orgName: 'Platform Operator',
      action: 'update',
      entity: 'currency',
      entityId: String(usdt.id),
      before: { withdrawFee: usdt.fee },
      after: { withdrawFee: '3' },
      clientAddress: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
      route: 'POST /sys/currency/update',
    });
    expect(event.requestId).toBeTruthy();
  });

  it('RPC URLs, contract addresses, wallets, roles and the brand keep their before and after', async () => {
    const stamp = async () => (await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from audit_event`.execute(db())).rows[0].id;
    const since = await stamp();
    expect((await post('superAdmin', ApiPath.chain.update, { id: 3, rpcUrl: 'https://bsc.other-rpc.net' })).code).toBe(200);
    expect((await post('superAdmin', ApiPath.contractAddress.save, { chainId: 56, hotAddr: demoEvmAddress('audit hot') })).code).toBe(200);
    const wallet = await db().selectFrom('chainWallet').select('id').where('label', '=', 'Aurora deposits').executeTakeFirstOrThrow();
    expect((await post('merchantProManager', ApiPath.chainWallet.update, { id: wallet.id, label: 'Aurora inbound' })).code).toBe(200);
    const employee = await db().selectFrom('appUser').select('id').where('account', '=', 'merchantStdEmployee').executeTakeFirstOrThrow();
    expect((await post('merchantStdManager', ApiPath.member.update, { userId: employee.id, roleLevel: 1 })).code).toBe(200);
    expect(
      (
        await post('superAdmin', ApiPath.brand.update, {
          brandName: 'Custodia Prime',
          favicon: '/brand/favicon.svg',
          logo: '/brand/logo.svg',
          logoDarkMode: '/brand/logo-dark.svg',
        })
      ).code,
    ).toBe(200);

    const events = (await list('superAdmin', { pageSize: 50 })).data.list.filter((e) => e.id > since);
    const find = (entity: AuditEntity) => events.find((e) => e.entity === entity);
    expect(find('chain')).toMatchObject({
      action: 'update',
      entityId: '3',
      before: { rpcUrl: 'https://bsc.example-rpc.net' },
      after: { rpcUrl: 'https://bsc.other-rpc.net' },
    });
    expect(find('contractAddress')).toMatchObject({
      entityId: '56',
      after: expect.objectContaining({ hotAddr: demoEvmAddress('audit hot') }),
    });
    expect(find('wallet')).toMatchObject({
      actorAccount: 'merchantProManager',
      orgName: 'Aurora Pay (Pro)',
      before: { label: 'Aurora deposits' },
      after: { label: 'Aurora inbound' },
    });
    expect(find('member')).toMatchObject({
      actorAccount: 'merchantStdManager',
      entityId: `${employee.id}:${server.orgIds.stdB}`,
      before: { roleLevel: '2' },
      after: { roleLevel: '1' },
    });
    expect(find('brand')).toMatchObject({ before: { brandName: 'Custodia' }, after: { brandName: 'Custodia Prime' } });
  });

  it('a policy change and the address book’s entries name who made them, in which org, with what', async () => {
    const stamp = async () => (await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from audit_event`.execute(db())).rows[0].id;
    const since = await stamp();
    const rules = [{ name: 'Stop', kinds: ['withdraw'], destination: 'any', action: 'block' }];
    expect((await post('merchantProManager', ApiPath.policy.save, { rules, delayHours: 48 })).code).toBe(200);
    const added = await post('merchantProManager', ApiPath.addressBook.save, {
      chainId: 1,
      address: demoEvmAddress('audit book'),
      label: 'Supplier',
    });
    expect((await post('merchantProManager', ApiPath.addressBook.update, { id: added.data.id, label: 'Main supplier' })).code).toBe(200);
    expect((await post('merchantProManager', withId(ApiPath.addressBook.delete, String(added.data.id)), {})).code).toBe(200);
    const events = (await list('merchantProManager', { pageSize: 50 })).data.list.filter((e) => e.id > since);
    expect(events.find((e) => e.entity === 'policy')).toMatchObject({
      action: 'create',
      actorAccount: 'merchantProManager',
      orgName: 'Aurora Pay (Pro)',
      after: expect.objectContaining({ delayHours: '48' }),
    });
    expect(
      events
        .filter((e) => e.entity === 'addressBook')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update']);
    expect(events.find((e) => e.entity === 'addressBook' && e.action === 'update')).toMatchObject({
      before: { label: 'Supplier' },
      after: { label: 'Main supplier' },
    });
  });

  it('sign-in, failed sign-in, sign-out, password change and session revocation, with no password or hash', async () => {
    const failed = await server.call('POST', ApiPath.auth.login, { body: { account: 'merchantLiteEmployee', password: 'Wrong-guess-1' } });
    expect(failed.code).toBe(401);
    const first = await server.login('merchantLiteEmployee');
    const second = await server.login('merchantLiteEmployee');
    const sessions = await server.call<ListResult<{ id: number; current: boolean }>>('GET', ApiPath.account.sessionList, { token: second });
    const other = sessions.data.list.find((s) => !s.current)!;
    expect((await server.call('POST', withId(ApiPath.account.sessionDelete, other.id), { token: second })).code).toBe(200);
    expect(
      (
        await server.call('POST', ApiPath.account.password, {
          token: second,
          body: { currentPassword: DEMO_PASSWORD, newPassword: 'Lite@2026-new' },
        })
      ).code,
    ).toBe(200);
    expect((await server.call('POST', ApiPath.auth.logout, { token: second })).code).toBe(200);
    expect(first).not.toBe(second);

    const mine = (await list('superAdmin', { actor: 'merchantliteemp' })).data.list;
    const actions = mine.map((e) => `${e.entity}.${e.action}`);
    for (const expected of ['auth.signInFailed', 'session.signIn', 'session.sessionRevoke', 'user.passwordChange', 'session.signOut'])
      expect(actions, expected).toContain(expected);
    expect(mine.find((e) => e.action === 'passwordChange')).toMatchObject({ after: { password: 'changed' }, before: null });
    const text = JSON.stringify(mine);
    expect(text).not.toContain('Wrong-guess-1');
    expect(text).not.toContain('Lite@2026-new');
    expect(text).not.toMatch(/scrypt|tokenHash|passwordHash/i);
  });

  it('no secret is in any audit row: password hashes, token hashes, whole invitation codes, the demo password', async () => {
    expect(
      (await post('agentManager', ApiPath.invitation.save, { orgName: 'Audit Goods', tenantType: 3, invitee: 'auditInvitee' })).code,
    ).toBe(200);
    const rows = await sql<{ text: string }>`select row_to_json(e)::text as text from audit_event e`.execute(db());
    const all = rows.rows.map((r) => r.text).join('\n');
    const hashes = await db().selectFrom('appUser').select('passwordHash').execute();
    const tokensHashes = await db().selectFrom('session').select('tokenHash').execute();
    const codes = await db().selectFrom('invitation').select('code').execute();
    expect(codes.length).toBeGreaterThan(0);
    for (const secret of [
      ...hashes.map((h) => h.passwordHash),
      ...tokensHashes.map((t) => t.tokenHash),
      ...codes.map((c) => c.code),
      DEMO_PASSWORD,
    ])
      expect(all).not.toContain(secret);
    expect(all).toMatch(/"code": ?"…\w{4}"/);
  });

  it('a refused write (400, 409) leaves no event: the event is part of the same transaction', async () => {
    const before = await eventCount();
    expect((await post('superAdmin', ApiPath.currency.update, { id: 1, withdrawFee: '-1' })).code).toBe(400);
    expect((await post('superAdmin', withId(ApiPath.currency.delete, 2), {})).code).toBe(409);
    expect(await eventCount()).toBe(before);
  });
});

describe('who reads the audit log', () => {
  it('the operator row sees every org and the platform’s own events; a merchant manager only its org', async () => {
    const all = (await list('operatorEmployee')).data.list;
    expect(all.some((e) => e.orgId === null)).toBe(true);
    expect(new Set(all.map((e) => e.orgName)).size).toBeGreaterThan(2);
    const pro = (await list('merchantProManager')).data.list;
    expect(pro.length).toBeGreaterThan(0);
    expect(pro.every((e) => e.orgId === server.orgIds.proA)).toBe(true);
  });

  it('an agent manager also sees its merchants’ events, not another agency’s', async () => {
    const agent = (await list('agentManager')).data.list;
    const orgs = new Set(agent.map((e) => e.orgId));
    expect(orgs.has(server.orgIds.proA)).toBe(true);
    expect(orgs.has(server.orgIds.stdSouth)).toBe(false);
    expect(orgs.has(null)).toBe(false);
  });

  it('employees and finance get 403; another org’s event is not found; bad filters are 400s', async () => {
    for (const account of ['merchantProEmployee', 'merchantProFinance', 'agentEmployee'])
      expect((await list(account)).code, account).toBe(403);
    const foreign = (await list('superAdmin', { entity: 'chain' })).data.list[0];
    expect(
      (await server.call('GET', ApiPath.auditLog.detail, { token: await token('merchantProManager'), query: { id: foreign.id } })).code,
    ).toBe(404);
    expect((await server.call('GET', ApiPath.auditLog.detail, { token: await token('superAdmin'), query: { id: foreign.id } })).code).toBe(
      200,
    );
    for (const query of <Record<string, string>[]>[{ entity: 'nope' }, { action: 'x' }, { dateFrom: 'yesterday' }, { sort: 'actor' }])
      expect((await list('superAdmin', query)).code, JSON.stringify(query)).toBe(400);
    expect((await server.call('GET', ApiPath.auditLog.verify, { token: await token('merchantProManager') })).code).toBe(403);
  });
});

describe('an audit trail no one can rewrite', () => {
  it('the chain is intact after the seed and after a burst of concurrent writes by several users', async () => {
    expect((await verify()).data).toMatchObject({ intact: true, firstBroken: null });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? post('superAdmin', ApiPath.chain.update, { id: 3, confirmations: 10 + i })
          : post('merchantProManager', ApiPath.payLink.save, { title: `Burst ${i}`, chainId: 1, currencyId: 2 }),
      ),
    );
    expect(burst.map((r) => r.code)).toEqual(Array(20).fill(200));
    const result = (await verify()).data;
    expect(result).toMatchObject({ intact: true, firstBroken: null });
    expect(result.checked).toBe(await eventCount());
  });

  it('the database refuses to change or remove an event', async () => {
    await expect(sql`update audit_event set actor_account = 'someone else'`.execute(db())).rejects.toThrow(/never changed/);
    await expect(sql`delete from audit_event`.execute(db())).rejects.toThrow(/never changed/);
  });

  it('an event edited around the trigger, as the database owner, is named by the verify endpoint', async () => {
    const { id } = (await list('superAdmin', { entity: 'currency', action: 'update' })).data.list[0];
    await sql`alter table audit_event disable trigger user`.execute(db());
    try {
      await sql`update audit_event set after = '{"withdraw_fee": "0"}'::jsonb where id = ${id}`.execute(db());
    } finally {
      await sql`alter table audit_event enable trigger user`.execute(db());
    }
    expect((await verify()).data).toMatchObject({ intact: false, firstBroken: { id } });
  });
});
