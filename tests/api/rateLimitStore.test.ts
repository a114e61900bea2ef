import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { buildApp, type App } from '../../server/app';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * The database's rate-limit store (server/http/rateLimitStore.ts) where its counting could go
 * wrong: a database whose transactions default to SERIALIZABLE (on PostgreSQL a concurrent
 * burst's upserts of one row would fail with 40001 there), and windows that have ended.
 */
let server: TestServer;
let other: App;
beforeAll(async () => {
  server = await startTestServer({ isolation: 'serializable' });
  other = await buildApp({ config: server.app.context.config, database: server.database, now: server.app.context.now });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const signup = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: `/api${ApiPath.auth.signup}`,
    remoteAddress,
    payload: { account: 'someone', password: 'Burst-2026x', userName: 'Someone', invitationCode: 'ZZZZ-ZZZZ-ZZZZ' },
  });
const codesOf = (responses: Array<Awaited<ReturnType<typeof signup>>>) =>
  responses.map((response) => response.json<{ code: number }>().code);

describe('rate-limit counters in the database', () => {
  it('at SERIALIZABLE a burst over two instances is still counted hit by hit: 20 answered, 1 refused', async () => {
    const codes = codesOf(await Promise.all(Array.from({ length: 21 }, (_, i) => signup(i % 2 ? other : server.app, '192.0.2.40'))));
    expect(codes.filter((code) => code === 400)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(1);
  });

  it('a window the database’s clock has ended starts again at one; the old row is replaced, not added to', async () => {
    const address = '192.0.2.41';
    expect(
      codesOf(await Promise.all(Array.from({ length: 21 }, () => signup(server.app, address)))).filter((code) => code === 429),
    ).toHaveLength(1);
    const { db } = server.app.context;
    const rows = async () => (await sql<{ n: number }>`select count(*)::int as n from rate_limit_counter`.execute(db)).rows[0].n;
    const stored = await rows();
    await sql`update rate_limit_counter set window_ends = now() - interval '1 second'`.execute(db);
    const again = await signup(other, address);
    expect(again.json<{ code: number }>().code).toBe(400);
    expect(again.headers['x-ratelimit-remaining']).toBe('19');
    const live = await sql<{ hits: number }>`select hits from rate_limit_counter where window_ends > now()`.execute(db);
    expect(live.rows).toEqual([{ hits: 1 }]);
    expect(await rows()).toBe(stored);
  });
});
