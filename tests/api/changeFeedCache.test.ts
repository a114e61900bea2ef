import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { buildApp, type App } from '../../server/app';
import { CHANGE_FEED_TABLES, ChangeFeedCache, tablesWrittenBy } from '../../server/http/changeFeedCache';
import { hashSessionToken } from '../../server/credentials/sessionToken';
import type { Envelope } from '../../src/contract/envelope';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Sessions are remembered per instance for a while (server/http/changeFeedCache.ts); a revocation
 * anywhere — another instance, or SQL outside any request — must still end them everywhere at
 * once. The remembering here lasts a minute, so only the change feed can make these pass.
 */
let server: TestServer;
let other: App;
const LONG = 60_000;

beforeAll(async () => {
  server = await startTestServer({ config: { readCacheMs: LONG } });
  other = await buildApp({ config: server.app.context.config, database: server.database });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const chainsOn = async (app: App, token: string) => {
  const response = await app.inject({ method: 'GET', url: `/api${ApiPath.chain.list}`, headers: { authorization: `Bearer ${token}` } });
  return response.json<Envelope>().code;
};

describe('remembered sessions and reference lists', () => {
  it('a sign-out on one instance ends the session on another', async () => {
    const token = await server.login('operatorEmployee');
    expect(await chainsOn(other, token)).toBe(200);
    expect(await chainsOn(other, token)).toBe(200);
    expect((await server.call('POST', ApiPath.auth.logout, { token })).code).toBe(200);
    expect(await chainsOn(server.app, token)).toBe(401);
    await expect.poll(() => chainsOn(other, token)).toBe(401);
  });

  it('a user disabled in the database, outside any request, is refused by every instance', async () => {
    const token = await server.login('merchantLiteEmployee');
    expect(await chainsOn(server.app, token)).toBe(200);
    expect(await chainsOn(other, token)).toBe(200);
    await sql`update app_user set disabled = true where account = 'merchantLiteEmployee'`.execute(server.database.db);
    await expect.poll(() => chainsOn(server.app, token)).toBe(401);
    await expect.poll(() => chainsOn(other, token)).toBe(401);
  });

  it('a membership changed outside any request changes what the caller may do everywhere', async () => {
    const token = await server.login('agentEmployee');
    const invite = async (app: App) =>
      (
        await app.inject({ method: 'GET', url: `/api${ApiPath.member.list}`, headers: { authorization: `Bearer ${token}` } })
      ).json<Envelope>().code;
    const before = await invite(other);
    await sql`delete from membership where user_id = (select id from app_user where account = 'agentEmployee')`.execute(server.database.db);
    await expect.poll(() => invite(other)).not.toBe(before);
    expect(await invite(other)).toBe(403);
  });

  it('remembers nothing while the change feed is down, and never past the session’s own end', () => {
    const cache = new ChangeFeedCache<string>(LONG);
    cache.set('a', 'facts', 0, 10_000);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.setLive(true);
    cache.set('a', 'facts', 0, 10_000);
    expect(cache.get('a', 1)).toBe('facts');
    expect(cache.get('a', 10_000)).toBeUndefined();
    cache.set('b', 'facts', 0, 100_000);
    cache.setLive(false);
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('a network edited outside any request, or on another instance, shows at once in every instance’s list', async () => {
    const token = await server.login('superAdmin');
    const names = async (app: App) =>
      (await app.inject({ method: 'GET', url: `/api${ApiPath.chain.list}?sort=id`, headers: { authorization: `Bearer ${token}` } })).json<
        Envelope<{ list: Array<{ id: number; name: string }> }>
      >().data.list;
    const [first] = await names(other);
    expect((await names(other))[0].name).toBe(first.name);
    await sql`update chain set name = 'Renamed in SQL' where id = ${first.id}`.execute(server.database.db);
    await expect.poll(async () => (await names(other))[0].name).toBe('Renamed in SQL');
    const edited = await server.call('POST', ApiPath.chain.update, {
      token,
      body: {
        ...(await server.call<Record<string, unknown>>('GET', ApiPath.chain.detail, { token, query: { id: first.id } })).data,
        name: 'Renamed on A',
      },
    });
    expect(edited.code).toBe(200);
    expect((await names(server.app))[0].name).toBe('Renamed on A');
    await expect.poll(async () => (await names(other))[0].name).toBe('Renamed on A');
  });

  it('a write on this instance forgets its sessions only when it wrote the tables behind them', async () => {
    const token = await server.login('merchantProManager');
    const remembered = () => server.app.context.callers.get(hashSessionToken(token), server.app.context.now().getTime());
    expect(await chainsOn(server.app, token)).toBe(200);
    // The sign-in's own announcement may still be on its way: one sent after it and seen arrive
    // means both were heard (a listener hears them in commit order).
    await sql`select pg_notify('caller_change', 'test')`.execute(server.db);
    await expect.poll(remembered).toBeUndefined();
    expect(await chainsOn(server.app, token)).toBe(200);
    expect(remembered()).toBeDefined();
    // An address book entry is none of who the caller is: the session stays remembered.
    const saved = await server.call('POST', ApiPath.addressBook.save, {
      token,
      body: { chainId: 1, address: '0x00000000000000000000000000000000000000a1', label: 'Kept' },
    });
    expect(saved.code).toBe(200);
    expect(remembered()).toBeDefined();
    // Renaming oneself writes app_user: forgotten by the write's own instance before it answers.
    const renamed = await server.call('POST', ApiPath.account.update, { token, body: { userName: 'Renamed Manager' } });
    expect(renamed.code).toBe(200);
    expect(remembered()).toBeUndefined();
  });
});

/**
 * A write request forgets the remembered sessions and reference lists when one of its statements
 * names their tables (tablesWrittenBy). A write the statement does not name — a trigger's, a
 * function's, a cascade's — would be seen only through the change feed, a moment later: the
 * database has none on these tables, and these checks keep it so.
 */
describe('the tables behind the remembered answers', () => {
  const fed = Object.values(CHANGE_FEED_TABLES).flat();

  it('are the tables whose triggers announce changes, on the same channels', async () => {
    const { rows } = await sql<{ table: string; trigger: string }>`
      select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like '%\_change' escape '\'`.execute(server.db);
    const announced = Object.fromEntries(Object.keys(CHANGE_FEED_TABLES).map((channel) => [channel, [] as string[]]));
    for (const row of rows) announced[row.trigger.slice(row.table.length + 1)]?.push(row.table);
    for (const [channel, tables] of Object.entries(CHANGE_FEED_TABLES)) expect([...announced[channel]].sort()).toEqual([...tables].sort());
  });

  it('are written by no function or trigger of the database', async () => {
    const { rows } = await sql<{ name: string; body: string }>`
      select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'`.execute(server.db);
    expect(rows.length).toBeGreaterThan(0);
    const writers = rows.filter((row) => tablesWrittenBy(row.body).some((table) => fed.includes(table))).map((row) => row.name);
    expect(writers).toEqual([]);
  });

  it('change by no cascade from a table outside them', async () => {
    const { rows } = await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and (k.confdeltype in ('c', 'n', 'd') or k.confupdtype in ('c', 'n', 'd'))`.execute(server.db);
    const crossing = rows.filter((row) => fed.includes(row.child) && !fed.includes(row.parent));
    expect(crossing).toEqual([]);
  });
});
