import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { buildApp, type App } from '../../server/app';
import { ChangeFeedCache } from '../../server/http/changeFeedCache';
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
});
