import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { signClient, walletIdsByLabel } from './signSupport';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { installErrorHandler } from '../../server/http/errorHandler';
import { loadMessages } from '../../server/http/messages';
import { databaseClock } from '../../server/db/databaseClock';
import { startExpirySweeper } from '../../server/modules/sign/expirySweeper';
import { openDatabaseWhenReachable } from '../../server/db/waitForDatabase';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { asReadRequest } from '../../server/http/readRequest';
import { seedDemoUnlessSeeded } from '../../server/db/seed';
import { demoUsers } from '../../server/db/seed/demoData';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * What one instance does when its database fails it, and what makes N instances on one
 * database agree (docs/DECISIONS.md "Database faults"). Real faults of a PostgreSQL (a restart,
 * killed connections, too many clients, two instance processes) are in tests/cluster/.
 */
let server: TestServer;
let sign: ReturnType<typeof signClient>;
const HOUR = 3_600_000;

beforeAll(async () => {
  // The harness runs no background sweep: what a GET writes is measured.
  server = await startTestServer();
  sign = signClient(server);
});
afterAll(() => server?.close());

describe('answers while the database is out of reach', () => {
  const messages = loadMessages(new URL('../../public/locales', import.meta.url).pathname);
  async function answerTo(error: Error) {
    const app = Fastify();
    installErrorHandler(app, messages);
    app.get('/fail', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    return res;
  }

  it('a lost connection, a restart, a full server or a statement time-out is a 503 in the envelope with Retry-After', async () => {
    const faults = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ];
    for (const fault of faults) {
      const res = await answerTo(fault);
      expect(res.statusCode, fault.message).toBe(503);
      expect(res.headers['retry-after'], fault.message).toBe('2');
      expect(res.json(), fault.message).toEqual({
        code: 503,
        msg: 'The service is briefly unavailable. Please try again in a moment.',
        data: null,
      });
    }
  });

  it('a fault of our own stays a 500, and a clash with stored data never shows the database’s detail', async () => {
    expect((await answerTo(new TypeError('x is undefined'))).statusCode).toBe(500);
    const clash = await answerTo(
      Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        detail: 'Key (name)=(Secret Org) already exists.',
      }),
    );
    expect(clash.statusCode).toBe(200);
    expect(clash.json()).toEqual({ code: 409, msg: 'This conflicts with existing data.', data: null });
    expect(clash.body).not.toContain('Secret Org');
  });

  it('start-up waits for an unreachable database, retrying with back-off, until told to stop', async () => {
    const retries: number[] = [];
    const stop = new AbortController();
    const opening = openDatabaseWhenReachable(
      {
        databaseUrl: 'postgres://nobody@127.0.0.1:9/nothing',
        pool: { max: 1, connectTimeoutMs: 2000, statementTimeoutMs: 0, applicationName: 'test' },
      },
      { signal: stop.signal, maxWaitMs: 50, onRetry: (_error, _attempt, waitMs) => retries.push(waitMs) },
    );
    await vi.waitFor(() => expect(retries.length).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 20 });
    stop.abort();
    await expect(opening).rejects.toSatisfy(isDatabaseUnavailable);
    expect(retries.slice(0, 3)).toEqual([50, 50, 50]);
  });
});

describe('health checks for the load balancer', () => {
  it('live and ready answer 200 in the envelope without a sign-in', async () => {
    for (const [path, status] of [
      ['/api/health/live', 'live'],
      ['/api/health/ready', 'ready'],
    ]) {
      const res = await server.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual({ code: 200, msg: 'ok', data: { status } });
    }
  });
});

describe('one clock and no writes on reads, whatever the instance', () => {
  it('an instance whose own clock runs an hour fast still keeps the database’s time', async () => {
    const fastLocalClock = () => Date.now() + HOUR;
    const clock = await databaseClock(server.app.context.db, { localNow: fastLocalClock });
    clock.stop();
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.app.context.db);
    expect(Math.abs(clock.now().getTime() - new Date(rows[0].now).getTime())).toBeLessThan(5000);
    expect(clock.offsetMs()).toBeLessThan(-HOUR + 5000);
  });

  it('a proposal past its time reads as expired on every GET, which writes nothing; the sweep then marks it once', async () => {
    const wallets = await walletIdsByLabel(server);
    const started = await sign.start('merchantProManager', {
      walletId: wallets['Aurora cold'],
      kind: 'transfer',
      to: demoEvmAddress('faults'),
      amount: '0.01',
      symbol: 'ETH',
      memo: '',
    });
    const id = started.data.proposalId;
    const stored = () => server.app.context.db.selectFrom('proposal').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const expireEntries = async () =>
      (await server.app.context.db.selectFrom('signLog').select('id').where('proposalId', '=', id).where('action', '=', 'expire').execute())
        .length;
    server.advanceClock(server.app.context.config.proposalTtlHours * HOUR + 1000);
    sign.forgetSessions();

    expect((await sign.list('merchantProManager', { ids: String(id) })).data.list[0].status).toBe('expired');
    const detail = (await sign.detail('merchantProFinance', id)).data;
    expect(detail.status).toBe('expired');
    expect(detail.myActions).toEqual([]);
    // The detail's log says when, before the sweep has written it.
    expect(detail.log.at(-1)).toMatchObject({ action: 'expire', actor: null, createdAt: detail.expiresAt });
    await sign.logs('merchantProManager', { proposalId: id });
    const token = await sign.token('merchantProManager');
    expect((await server.call('GET', ApiPath.movement.list, { token, query: { kind: 'transfer' } })).code).toBe(200);
    expect(await stored()).toEqual({ status: 'pending' });
    expect(await expireEntries()).toBe(0);

    // Two instances' sweeps side by side: marked once, with one entry dated at the expiry.
    const now = server.app.context.now;
    const stops = [
      startExpirySweeper(server.app.context.db, now, 10, () => undefined),
      startExpirySweeper(server.app.context.db, now, 10, () => undefined),
    ];
    try {
      await vi.waitFor(async () => expect(await stored()).toEqual({ status: 'expired' }), { timeout: 30_000, interval: 20 });
    } finally {
      stops.forEach((stop) => stop());
    }
    expect(await expireEntries()).toBe(1);
    const log = (await sign.detail('merchantProFinance', id)).data.log;
    expect(log.filter((entry) => entry.action === 'expire')).toEqual([expect.objectContaining({ createdAt: detail.expiresAt })]);
  });
});

describe('seeding from several instances at once', () => {
  it('two seeds of an empty database together: one writes the demo data, the other finds it and writes nothing', async () => {
    const empty = await startTestServer({ seed: false });
    try {
      const guard = empty.app.context.chains.safeGuard();
      const outcomes = await Promise.all([
        seedDemoUnlessSeeded(empty.app.context.db, guard),
        seedDemoUnlessSeeded(empty.app.context.db, guard),
      ]);
      expect(outcomes.sort()).toEqual([false, true]);
      const users = await empty.app.context.db.selectFrom('appUser').select('account').execute();
      expect(users).toHaveLength(demoUsers.length);
      expect(await seedDemoUnlessSeeded(empty.app.context.db, guard)).toBe(false);
    } finally {
      await empty.close();
    }
  });
});

describe('a read request never writes', () => {
  it('a data-changing statement made for a GET is refused by the driver, and nothing is stored', async () => {
    const { db } = server.app.context;
    const before = await db.selectFrom('chain').select('name').orderBy('id').execute();
    await expect(asReadRequest(() => db.updateTable('chain').set({ name: 'Changed by a read' }).execute())).rejects.toThrow(
      /a read request tried to change data/,
    );
    await expect(
      asReadRequest(() => sql`with c as (update chain set name = 'x' returning id) select * from c`.execute(db)),
    ).rejects.toThrow(/a read request tried to change data/);
    expect(await asReadRequest(() => sql`with c as (select id from chain) select count(*) from c`.execute(db))).toBeTruthy();
    expect(await db.selectFrom('chain').select('name').orderBy('id').execute()).toEqual(before);
  });
});
