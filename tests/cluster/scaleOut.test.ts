import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clusterForFile } from './clusterFixture';
import { approveSigned, startInstance, type Instance } from './instance';
import { demoUsers } from '../../server/db/seed/demoData';
import { fromUnits, units } from '../api/signSupport';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Several API processes on one PostgreSQL, as a deployment behind a load balancer runs them
 * (README "Running several instances"; docs/DECISIONS.md "Database faults"): they start
 * together, share sessions and money rules, live through a database restart, an outage, killed
 * connections and a full server, and drain on SIGTERM. Each instance is a real process on a
 * real port; the cluster is this file's own, so it can be stopped and restarted.
 */
let a: Instance;
let b: Instance;
const DATABASE = 'custody';
const OUTAGE_MS = 10_000;

/**
 * One set of devnet keys for every instance (server/chain/evm/devnetKeys.ts): each builds its own
 * devnet, and the seed's Safes carry the relayer's guard, so they must share the relayer to build alike ones.
 */
const DEVNET_KEYS_FILE = path.join(os.tmpdir(), `custody-cluster-devnet-keys-${process.pid}.json`);

const fixture = clusterForFile(
  DATABASE,
  ({ cluster }) => ({
    DEVNET_KEYS_FILE,
    DATABASE_URL: cluster.url(DATABASE),
    SEED: 'demo',
    DB_POOL_MAX: '5',
    DB_CONNECT_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '20000',
    EXPIRY_SWEEP_MS: '1000',
  }),
  () => fs.rmSync(DEVNET_KEYS_FILE, { force: true }),
);
const { launch, query, showLogsOnFailure } = fixture;

/** Calls `call` over and over until stopped, recording every outcome (a refused connection too). */
function traffic(name: string, call: (i: number) => Promise<{ status: number; code: number }>) {
  const outcomes: Array<{ status: number; code: number; error?: string; at: number }> = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      try {
        outcomes.push({ ...(await call(i)), at: Date.now() });
      } catch (error) {
        outcomes.push({ status: 0, code: 0, error: `${name}: ${String((error as Error).cause ?? error)}`, at: Date.now() });
      }
    }
  })();
  return {
    outcomes,
    count: (status: number) => outcomes.filter((o) => o.status === status).length,
    /** When the latest answer of this status came (0: none yet). */
    last: (status: number) => outcomes.findLast((o) => o.status === status)?.at ?? 0,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Waits (polling the condition, not a fixed time) until `condition` holds. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function walletId(label: string): Promise<number> {
  return (await query<{ id: number }>('select id from chain_wallet where label = $1', [label]))[0].id;
}

describe('two instances on one PostgreSQL', () => {
  it('start together on an empty database: one seeds, both serve, the demo data is there once', async () => {
    showLogsOnFailure();
    [a, b] = await Promise.all([launch('a'), launch('b')]);
    await Promise.all([a.ready(), b.ready()]);
    const users = await query<{ count: string }>('select count(*) from app_user');
    expect(Number(users[0].count)).toBe(demoUsers.length);
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
  });

  it('a session opened on one is valid on the other, and a sign-out on one ends it on both', async () => {
    showLogsOnFailure();
    const token = await a.login('superAdmin');
    expect((await b.call('GET', ApiPath.chain.list, { token })).body.code).toBe(200);
    // Sign out on b ends the session on a too (the change feed tells every instance).
    const out = await b.call('POST', ApiPath.auth.logout, { token });
    expect(out.body.code).toBe(200);
    await until('a to see the sign-out', async () => (await a.call('GET', ApiPath.chain.list, { token })).body.code === 401);
  });

  it('20 confirms split across both: one execution; withdrawals racing on both never overdraw', async () => {
    showLogsOnFailure();
    const tokens = Object.fromEntries(
      await Promise.all(
        ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'].map(
          async (account) => [account, await a.login(account)] as const,
        ),
      ),
    );
    const cold = await walletId('Aurora cold');
    const started = await a.call<{ proposalId: number }>('POST', ApiPath.sign.start, {
      token: tokens.merchantProManager,
      body: {
        walletId: cold,
        kind: 'transfer',
        to: '0x2222222222222222222222222222222222222222',
        amount: '0.5',
        symbol: 'ETH',
        memo: 'cluster race',
      },
    });
    expect(started.body.code).toBe(200);
    const id = started.body.data.proposalId;
    expect((await approveSigned(a, tokens.merchantProManager, 'merchantProManager', id)).body.code).toBe(200);
    expect((await approveSigned(b, tokens.merchantProFinance, 'merchantProFinance', id)).body.code).toBe(200);
    const signers = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'];
    const confirms = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).call('POST', ApiPath.sign.confirm, { token: tokens[signers[i % 3]], body: { proposalId: id, comment: '' } }),
      ),
    );
    expect(confirms.map((r) => r.status).every((status) => status === 200)).toBe(true);
    expect(confirms.filter((r) => r.body.code === 200)).toHaveLength(1);
    const moved = await query('select id from ledger_entry where proposal_id = $1 and reason <> $2', [id, 'gas']);
    expect(moved).toHaveLength(1);

    // A wallet on the simulated TRON chain: nothing arrives in it while the race runs (an EVM deposit
    // wallet receives the demo's late payments from the devnet, booked whenever the watcher reads them).
    const hot = await walletId('Delta TRON deposits');
    const [{ amount: balance, orgId }] = await query<{ amount: string; orgId: number }>(
      `select b.amount, w.org_id as "orgId" from wallet_balance b join currency c on c.id = b.currency_id join chain_wallet w on w.id = b.wallet_id
       where b.wallet_id = $1 and c.symbol = 'USDT' and c.chain_id = w.chain_id`,
      [hot],
    );
    const manager = await a.login('multiOrg');
    // Each takes a third of the balance (plus its fee): at most two of eight can pass.
    const third = fromUnits((units(balance) / 3n / 10n ** 12n) * 10n ** 12n);
    const withdrawals = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).call('POST', ApiPath.movement.save, {
          token: manager,
          orgId,
          body: { kind: 'withdraw', walletId: hot, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'USDT', amount: third, memo: '' },
        }),
      ),
    );
    expect(withdrawals.every((r) => r.status === 200)).toBe(true);
    const passed = withdrawals.filter((r) => r.body.code === 200).length;
    expect(passed).toBeGreaterThanOrEqual(1);
    expect(passed).toBeLessThanOrEqual(2);
    const negative = await query('select wallet_id from wallet_balance where amount < 0');
    expect(negative).toEqual([]);
    // The books explain every balance.
    const unexplained = await query(
      `select b.wallet_id from wallet_balance b
       left join (select wallet_id, currency_id, sum(delta) as total from ledger_entry group by 1, 2) l using (wallet_id, currency_id)
       where b.amount <> coalesce(l.total, 0)`,
    );
    expect(unexplained).toEqual([]);
  });
});

describe('database faults', () => {
  it('a PostgreSQL restart and an outage mid-traffic cost only 503s; both recover by themselves and lose no acknowledged write', async () => {
    showLogsOnFailure();
    const cold = await walletId('Aurora cold');
    const tokens = [await a.login('merchantProManager'), await b.login('merchantProManager')];
    const acknowledged: number[] = [];
    const loads = [a, b].map((instance, n) =>
      traffic(instance.name, async (i) => {
        const response =
          i % 2
            ? await instance.call('GET', ApiPath.sign.list, { token: tokens[n], query: { pageSize: '5' } })
            : await instance.call<{ proposalId: number }>('POST', ApiPath.sign.start, {
                token: tokens[n],
                body: {
                  walletId: cold,
                  kind: 'transfer',
                  to: '0x4444444444444444444444444444444444444444',
                  amount: '0.001',
                  symbol: 'ETH',
                  memo: `restart ${instance.name} ${i}`,
                },
              });
        if (i % 2 === 0 && response.body.code === 200) acknowledged.push((response.body.data as { proposalId: number }).proposalId);
        return { status: response.status, code: response.body.code };
      }),
    );
    try {
      await until('traffic on both', () => loads.every((load) => load.count(200) >= 6));
      fixture.cluster.stop();
      const down = Date.now();
      // A 10 s outage, over once each instance has been seen turning requests away with 503s
      // all along it (still alive, still answering in the envelope).
      await until('10 s of 503s from both', () => loads.every((load) => load.count(503) >= 5 && load.last(503) - down >= OUTAGE_MS));
      const okBefore = loads.map((load) => load.count(200));
      fixture.cluster.start();
      await until('both to answer again', () => loads.every((load, n) => load.count(200) >= okBefore[n] + 6));
    } finally {
      await Promise.all(loads.map((load) => load.stop()));
    }
    for (const load of loads) {
      const unexpected = load.outcomes
        .filter((o) => !(o.status === 200 || (o.status === 503 && o.code === 503)))
        .map(({ at: _at, ...o }) => o);
      expect(unexpected).toEqual([]);
    }
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
    const stored = await query<{ id: number }>('select id from proposal where id = any($1)', [acknowledged]);
    expect(stored.map((row) => row.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    expect((await a.call('GET', '/health/ready')).status).toBe(200);
    expect((await b.call('GET', '/health/ready')).status).toBe(200);
  });

  it('connections killed by an administrator, idle or busy, end no process', async () => {
    showLogsOnFailure();
    const token = await b.login('superAdmin');
    const load = traffic('b', async () => {
      const response = await b.call('GET', ApiPath.report.payment.list, { token });
      return { status: response.status, code: response.body.code };
    });
    try {
      await until('traffic', () => load.count(200) >= 3);
      await query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'custody-%' and pid <> pg_backend_pid()`,
      );
      const okBefore = load.count(200);
      await until('answers after the kill', () => load.count(200) >= okBefore + 5);
    } finally {
      await load.stop();
    }
    expect(load.outcomes.filter((o) => !(o.status === 200 || (o.status === 503 && o.code === 503))).map(({ at: _at, ...o }) => o)).toEqual(
      [],
    );
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
    expect((await a.call('GET', '/health/ready')).status).toBe(200);
  });

  it('a database that refuses more connections is a 503 in the envelope, never a 500', async () => {
    showLogsOnFailure();
    // A role allowed 4 connections: the two change-feed listeners and two for the pool of 10.
    await query(`create role limited login connection limit 4`);
    await query(`grant usage on schema public to limited`);
    await query(`grant select, insert, update, delete on all tables in schema public to limited`);
    await query(`grant usage, select on all sequences in schema public to limited`);
    const url = new URL(fixture.cluster.url(DATABASE));
    url.username = 'limited';
    const c = await launch('c', { DATABASE_URL: url.toString(), DB_POOL_MAX: '10', MIGRATE_ON_START: 'false' });
    await c.ready();
    const token = await c.login('superAdmin');
    // Thirty at once against a pool of 10 on two connections: whichever are turned away get the envelope.
    const burst = await Promise.all(Array.from({ length: 30 }, () => c.call('GET', ApiPath.report.payment.totals, { token })));
    expect(burst.filter((r) => !(r.status === 200 || (r.status === 503 && r.body.code === 503)))).toEqual([]);
    // Whether a burst outruns the pool depends on how busy the machine is, so the refusal itself is
    // made certain: the role may open no connection, and the pool's own are ended.
    await query(`alter role limited connection limit 0`);
    await query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = 'limited' and application_name = 'custody-c'`);
    await until(
      'the pool connections to end',
      async () => (await query(`select 1 from pg_stat_activity where usename = 'limited' and application_name = 'custody-c'`)).length === 0,
      30_000,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.call('GET', ApiPath.report.payment.totals, { token })));
    expect(answers.map((r) => [r.status, r.body.code])).toEqual(answers.map(() => [503, 503]));
    expect(answers[0].body.msg).toBe('The service is briefly unavailable. Please try again in a moment.');
    await query(`alter role limited connection limit 4`);
    expect((await c.call('GET', ApiPath.report.payment.totals, { token })).body.code).toBe(200);
    await c.stop();
  });

  it('an instance started while the database is down waits for it and comes up when it returns', async () => {
    showLogsOnFailure();
    fixture.cluster.stop();
    let late: Instance;
    try {
      late = await launch('late');
      await until('the wait to be logged', () => late.output().includes('database not reachable yet'));
      expect(late.process.exitCode).toBeNull();
    } finally {
      fixture.cluster.start();
    }
    await late.ready();
    await late.stop();
    await until(
      'a and b ready again',
      async () => (await a.call('GET', '/health/ready')).status === 200 && (await b.call('GET', '/health/ready')).status === 200,
    );
  });
});

describe('reads on a replica', () => {
  it('with DATABASE_READ_URL, reports read the replica while sessions and writes stay on the primary', async () => {
    showLogsOnFailure();
    // A stand-in replica: another database with the same demo data, its org names marked.
    const setup = new pg.Client({ connectionString: fixture.cluster.url() });
    await setup.connect();
    await setup.query('create database replica');
    await setup.end();
    const seed = await startInstance('seed', { DEVNET_KEYS_FILE, DATABASE_URL: fixture.cluster.url('replica'), SEED: 'demo' });
    fixture.instances.push(seed);
    await seed.ready();
    await seed.stop();
    const replica = new pg.Client({ connectionString: fixture.cluster.url('replica') });
    await replica.connect();
    await replica.query(`update org set name = 'Replica ' || name`);
    await replica.end();

    const r = await launch('r', { DATABASE_READ_URL: fixture.cluster.url('replica') });
    await r.ready();
    const token = await r.login('superAdmin');
    const report = await r.call<{ list: Array<{ orgName: string }> }>('GET', ApiPath.report.payment.list, { token });
    expect(report.body.code).toBe(200);
    expect(report.body.data.list.length).toBeGreaterThan(0);
    expect(report.body.data.list.every((row) => row.orgName.startsWith('Replica '))).toBe(true);
    const orgs = await r.call<{ list: Array<{ orgName: string }> }>('GET', ApiPath.org.list, { token });
    expect(orgs.body.data.list.some((org) => org.orgName.startsWith('Replica '))).toBe(false);
    await r.stop();
  });
});

describe('graceful drain', () => {
  it('on SIGTERM a request in flight finishes, the port closes, and the process exits 0', async () => {
    showLogsOnFailure();
    const token = await a.login('superAdmin');
    const blocker = await fixture.admin.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table chain in access exclusive mode');
      const inFlight = a.call('GET', ApiPath.chain.list, { token, query: { pageSize: '7' } });
      await until('the request to wait on the lock', async () => {
        const rows = await query(`select 1 from pg_stat_activity where application_name = 'custody-a' and wait_event_type = 'Lock'`);
        return rows.length > 0;
      });
      a.process.kill('SIGTERM');
      await until('the port to close', () =>
        fetch(`${a.base}/api/health/live`).then(
          () => false,
          () => true,
        ),
      );
      await blocker.query('commit');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(200);
      expect(await a.exited).toBe(0);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
    }
    expect((await b.call('GET', '/health/ready')).status).toBe(200);
  });
});
