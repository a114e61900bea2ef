import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { authenticator, enrol, type Authenticator } from './twoFactorSupport';
import type { ListResult } from '../../src/contract/envelope';
import { BodyCode } from '../../src/contract/envelope';
import type { ApiKeyRecord } from '../../src/contract/schemas/apiKey';
import { API_KEY_FORMAT } from '../../src/contract/apiKey';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { findActiveKey, stampKeyUse } from '../../server/modules/apiKey/lookup';
import { hashApiKey } from '../../server/modules/apiKey/service';

/**
 * Merchant API keys (docs/api.md "Merchant API keys"): shown once, stored hashed, tenant-scoped,
 * revoked at once, audited without the secret, and never a console session.
 */
let server: TestServer;
let app: Authenticator;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  app = authenticator(server);
  for (const account of [
    'superAdmin',
    'operatorEmployee',
    'agentManager',
    'merchantProManager',
    'merchantProFinance',
    'merchantProEmployee',
    'merchantStdManager',
    'merchantLiteManager',
  ])
    tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const list = (account: string) =>
  server.call<ListResult<ApiKeyRecord>>('GET', ApiPath.apiKey.list, { token: tokens[account], query: { pageSize: 100 } });
const detail = (account: string, id: number) =>
  server.call<ApiKeyRecord>('GET', ApiPath.apiKey.detail, { token: tokens[account], query: { id } });
const save = (account: string, body: Record<string, unknown>) =>
  server.call<ApiKeyRecord>('POST', ApiPath.apiKey.save, { token: tokens[account], body });
const revoke = (account: string, id: number) =>
  server.call<ApiKeyRecord>('POST', withId(ApiPath.apiKey.revoke, id), { token: tokens[account] });
const db = () => server.app.context.db;

describe('merchant API keys', () => {
  it('create answers the whole key once; detail and list show only its prefix, never the key or its hash', async () => {
    const created = await save('merchantProManager', { name: 'Shop backend', scopes: ['orders:write', 'orders:read'] });
    expect(created.code).toBe(200);
    const { key } = created.data;
    expect(key).toMatch(API_KEY_FORMAT);
    expect(created.data).toMatchObject({
      name: 'Shop backend',
      prefix: key!.slice(0, 10),
      scopes: ['orders:write', 'orders:read'],
      createdBy: 'merchantProManager',
      lastUsedAt: null,
      revokedAt: null,
      status: 'active',
    });
    const hash = hashApiKey(key!);
    const stored = await db()
      .selectFrom('apiKey')
      .select(['secretHash', 'prefix'])
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.secretHash).toBe(hash);
    const shown = await detail('merchantProManager', created.data.id);
    expect(shown.code).toBe(200);
    expect(shown.data.key).toBeUndefined();
    const listed = await list('merchantProManager');
    expect(listed.code).toBe(200);
    for (const text of [JSON.stringify(shown), JSON.stringify(listed)]) {
      expect(text).not.toContain(key!);
      expect(text).not.toContain(hash);
      expect(text).not.toContain('secretHash');
    }
    expect(listed.data.list.map((k) => k.id)).toContain(created.data.id);
  });

  it('is tenant-scoped: another merchant org’s manager neither sees nor revokes the key (404)', async () => {
    const mine = (await save('merchantProManager', { name: 'Scoped', scopes: ['orders:read'] })).data;
    expect((await list('merchantStdManager')).data.list.map((k) => k.id)).not.toContain(mine.id);
    expect((await detail('merchantStdManager', mine.id)).code).toBe(BodyCode.notFound);
    expect((await revoke('merchantStdManager', mine.id)).code).toBe(BodyCode.notFound);
    expect((await findActiveKey(db(), mine.key!, server.now()))?.id).toBe(mine.id);
  });

  it('refuses every endpoint to roles without the action (403)', async () => {
    const mine = (await save('merchantProManager', { name: 'Guarded', scopes: ['orders:read'] })).data;
    for (const account of ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProFinance', 'merchantProEmployee']) {
      expect((await list(account)).code, account).toBe(BodyCode.forbidden);
      expect((await detail(account, mine.id)).code, account).toBe(BodyCode.forbidden);
      expect((await save(account, { name: 'No', scopes: ['orders:read'] })).code, account).toBe(BodyCode.forbidden);
      expect((await revoke(account, mine.id)).code, account).toBe(BodyCode.forbidden);
    }
  });

  it('revoke refuses the key at once, is idempotent and keeps the row', async () => {
    const made = (await save('merchantStdManager', { name: 'Soon revoked', scopes: ['orders:write'] })).data;
    const found = await findActiveKey(db(), made.key!, server.now());
    expect(found).toEqual({ id: made.id, orgId: made.orgId, name: 'Soon revoked', prefix: made.prefix, scopes: ['orders:write'] });
    const revoked = await revoke('merchantStdManager', made.id);
    expect(revoked.code).toBe(200);
    expect(revoked.data).toMatchObject({ status: 'revoked', revokedBy: 'merchantStdManager' });
    expect(revoked.data.revokedAt).not.toBeNull();
    expect(await findActiveKey(db(), made.key!, server.now())).toBeNull();
    const again = await revoke('merchantStdManager', made.id);
    expect(again.code).toBe(200);
    expect(again.data.revokedAt).toBe(revoked.data.revokedAt);
    expect((await detail('merchantStdManager', made.id)).data.status).toBe('revoked');
  });

  it('looks up nothing for a string not of the key format, nor for an unknown key', async () => {
    expect(await findActiveKey(db(), '', server.now())).toBeNull();
    expect(await findActiveKey(db(), 'not a key', server.now())).toBeNull();
    expect(await findActiveKey(db(), `ck_${'A'.repeat(43)}`, server.now())).toBeNull();
  });

  it('stamps last use at most once a minute, without an audit event', async () => {
    const made = (await save('merchantProManager', { name: 'Used', scopes: ['orders:read'] })).data;
    const events = async () =>
      (await db().selectFrom('auditEvent').select('id').where('entity', '=', 'apiKey').where('entityId', '=', String(made.id)).execute())
        .length;
    const before = await events();
    const t0 = new Date(server.now().getTime() + 1000);
    await stampKeyUse(db(), made.id, t0);
    await stampKeyUse(db(), made.id, new Date(t0.getTime() + 30_000));
    expect((await detail('merchantProManager', made.id)).data.lastUsedAt).toBe(t0.toISOString());
    const t1 = new Date(t0.getTime() + 61_000);
    await stampKeyUse(db(), made.id, t1);
    expect((await detail('merchantProManager', made.id)).data.lastUsedAt).toBe(t1.toISOString());
    expect(await events()).toBe(before);
  });

  it('audits create and revoke without the key or its hash', async () => {
    const made = (await save('merchantLiteManager', { name: 'Audited', scopes: ['orders:read'] })).data;
    await revoke('merchantLiteManager', made.id);
    const rows = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('entity', '=', 'apiKey')
      .where('entityId', '=', String(made.id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[0]!.after).toMatchObject({ name: 'Audited', prefix: made.prefix });
    expect(JSON.stringify(rows[1]!.after)).toMatch(/revoked_?[aA]t/);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(made.key!);
    expect(text).not.toContain(hashApiKey(made.key!));
    expect(text).not.toMatch(/secret_?[hH]ash/);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const empty = await save('merchantProManager', { name: '  ', scopes: ['orders:read'] });
    expect(empty.code).toBe(BodyCode.badRequest);
    expect(Object.keys(empty.data as object)).toEqual(['name']);
    const unknown = await save('merchantProManager', { name: 'X', scopes: ['orders:read', 'payouts'] });
    expect(unknown.code).toBe(BodyCode.badRequest);
    expect(Object.keys(unknown.data as object)).toEqual(['scopes']);
    for (const scopes of [[], undefined]) {
      const none = await save('merchantProManager', { name: 'X', scopes });
      expect(none.code).toBe(BodyCode.badRequest);
      expect(Object.keys(none.data as object)).toEqual(['scopes']);
    }
  });

  it('is no console session: a key as a bearer token on /sys is refused 401', async () => {
    const made = (await save('merchantProManager', { name: 'Not a session', scopes: ['orders:read'] })).data;
    const me = await server.call('GET', ApiPath.auth.me, { token: made.key! });
    expect(me.code).toBe(BodyCode.unauthorized);
    expect((await server.call('GET', ApiPath.apiKey.list, { token: made.key! })).code).toBe(BodyCode.unauthorized);
  });

  it('asks an enrolled manager for a fresh second factor to create a key, not to revoke one', async () => {
    const { secret } = await enrol(server, app, tokens.merchantStdManager!);
    app.advance(5 * 60_000 + 1_000);
    const refused = await save('merchantStdManager', { name: 'Stepped', scopes: ['orders:read'] });
    expect(refused.code).toBe(BodyCode.stepUpRequired);
    const stepped = await server.call('POST', ApiPath.account.twoFactor.stepUp, {
      token: tokens.merchantStdManager,
      body: { code: app.freshCode(secret) },
    });
    expect(stepped.code).toBe(200);
    const made = await save('merchantStdManager', { name: 'Stepped', scopes: ['orders:read'] });
    expect(made.code).toBe(200);
    app.advance(5 * 60_000 + 1_000);
    expect((await revoke('merchantStdManager', made.data.id)).code).toBe(200);
  });
});
