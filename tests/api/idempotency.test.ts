import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { resumeOutflows } from '../../server/modules/outflow/resume';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import { type TestServer } from './harness';
import { balanceOf, chainHoldingOf, ETH_CHAIN, units, startSignServer, type SignClient } from './signSupport';
import type { Envelope } from '../../src/contract/envelope';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import { purgeIdempotencyKeys } from '../../server/http/idempotency';
import Fastify from 'fastify';
import { defineRoute } from '../../server/http/route';
import { installErrorHandler } from '../../server/http/errorHandler';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * A 503 never hides a committed write, and a retry with the same Idempotency-Key gets the first
 * answer instead of moving the money again (docs/DECISIONS.md "Idempotency and honest answers").
 *
 * The fault that opened the hole: after a withdrawal committed, its answer was read back with a
 * second query, which waited for a pooled connection and failed (a 503, and the money had moved).
 * Here that read fails as a pool time-out does whenever it is made outside the write's transaction;
 * `inside` makes it fail inside too (before the commit: nothing may be written).
 */
const faults = vi.hoisted(() => ({ outside: false, inside: false }));
vi.mock('../../server/modules/movement/queries', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/modules/movement/queries')>();
  return {
    ...actual,
    findMovement: (...args: Parameters<typeof actual.findMovement>) => {
      const inTransaction = args[0].isTransaction;
      if ((faults.outside && !inTransaction) || (faults.inside && inTransaction))
        return Promise.reject(new Error('timeout exceeded when trying to connect'));
      return actual.findMovement(...args);
    },
  };
});

const EXTERNAL = getAddress('0x4444444444444444444444444444444444444444');
let server: TestServer, client: SignClient, wallets: Record<string, number>;

beforeAll(async () => {
  ({ server, sign: client, wallets } = await startSignServer());
});
afterAll(() => server?.close());
afterEach(async () => {
  faults.outside = false;
  faults.inside = false;
  await sql`DROP TRIGGER IF EXISTS test_keep_answer_fails ON idempotency_key`.execute(db());
});

const db = () => server.app.context.db;
const movementsOf = async (walletId: number) =>
  (await db().selectFrom('movement').select('id').where('walletId', '=', walletId).execute()).length;
const entriesOf = async (walletId: number) =>
  (await db().selectFrom('ledgerEntry').select('id').where('walletId', '=', walletId).execute()).length;
const keyRows = (key: string) => db().selectFrom('idempotencyKey').selectAll().where('key', '=', key).execute();

/** A POST as a client sends it, with the answer's HTTP status and headers (a 503 must be seen, not thrown). */
async function post(account: string, path: string, body: unknown, key?: string, orgId?: number) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      authorization: `Bearer ${await client.token(account)}`,
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
      ...(orgId !== undefined ? { 'x-org-id': String(orgId) } : {}),
    },
    payload: body as object,
  });
  return { status: res.statusCode, replayed: res.headers['idempotent-replayed'], body: res.json<Envelope<MovementRecord>>() };
}

/** A withdrawal from the EVM hot wallet of the devnet: the chain moves when it is executed. */
const WALLET = 'Aurora deposits';
const withdrawal = (amount: string) => ({ kind: 'withdraw', walletId: wallets[WALLET], to: EXTERNAL, symbol: 'USDT', amount, memo: '' });
const withdraw = (amount: string, key?: string, account = 'merchantProManager') =>
  post(account, ApiPath.movement.save, withdrawal(amount), key);

describe('a 503 never hides a committed write', () => {
  it('a withdrawal whose answer could not be read after its commit is answered from what it wrote; the same key again gets that answer, and the money moved once', async () => {
    const wallet = wallets[WALLET];
    const [books, chain, movements, entries] = [
      await balanceOf(server, wallet, 'USDT'),
      await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'),
      await movementsOf(wallet),
      await entriesOf(wallet),
    ];
    const key = randomUUID();
    faults.outside = true;
    const first = await withdraw('11', key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ code: 200, data: { kind: 'withdraw', status: 'executed', amount: '11', to: EXTERNAL } });
    const [booksAfter, entriesAfter] = [await balanceOf(server, wallet, 'USDT'), await entriesOf(wallet)];
    expect(units(booksAfter) <= units(books) - units('11')).toBe(true);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chain) + units('11'));

    // The client did not trust the answer (or never got it) and sends it again with its key.
    const again = await withdraw('11', key);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
    faults.outside = false;
    expect(await movementsOf(wallet)).toBe(movements + 1);
    expect(await entriesOf(wallet)).toBe(entriesAfter);
    expect(entriesAfter).toBeGreaterThan(entries);
    expect(await balanceOf(server, wallet, 'USDT')).toBe(booksAfter);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chain) + units('11'));
  });

  it('a 503 before the commit wrote nothing and leaves no key: the retry with the same key runs', async () => {
    // A wallet on a simulated chain: nothing leaves before the commit.
    const wallet = wallets['Delta TRON deposits'];
    const { orgId } = await db().selectFrom('chainWallet').select('orgId').where('id', '=', wallet).executeTakeFirstOrThrow();
    const body = { kind: 'withdraw', walletId: wallet, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'TRX', amount: '30', memo: '' };
    const movements = await movementsOf(wallet);
    const key = randomUUID();
    faults.inside = true;
    const first = await post('multiOrg', ApiPath.movement.save, body, key, orgId);
    expect(first.status).toBe(503);
    expect(await movementsOf(wallet)).toBe(movements);
    expect(await keyRows(key)).toEqual([]);
    faults.inside = false;
    const retry = await post('multiOrg', ApiPath.movement.save, body, key, orgId);
    expect(retry.body).toMatchObject({ code: 200, data: { amount: '30' } });
    expect(retry.replayed).toBeUndefined();
    expect(await movementsOf(wallet)).toBe(movements + 1);
  });

  it('a fault while booking what the hot wallet sent answers where it stands (sending), kept with its key; the resume books it once and the chain moved once', async () => {
    const wallet = wallets[WALLET];
    const [movements, chain, books] = [
      await movementsOf(wallet),
      await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'),
      await balanceOf(server, wallet, 'USDT'),
    ];
    const key = randomUUID();
    // The answer read with the books fails: the booking rolls back after the chain moved (docs/chains.md "The intent log").
    faults.inside = true;
    const first = await withdraw('12', key);
    faults.inside = false;
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ code: 200, data: { status: 'sending', amount: '12' } });
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chain) + units('12'));
    // The retry with its key gets the first answer; nothing is sent again.
    const retry = await withdraw('12', key);
    expect(retry.replayed).toBe('true');
    expect(retry.body).toEqual(first.body);
    // The resume every instance runs (at start and on its beat) books it, once.
    await resumeOutflows({ db: db(), chains: server.app.context.chains, now: server.app.context.now }, (owner, error) => {
      throw new Error(`resume of ${JSON.stringify(owner)} failed: ${String(error)}`);
    });
    await vi.waitFor(
      async () =>
        expect(
          (await db().selectFrom('movement').select('status').where('id', '=', first.body.data.id).executeTakeFirstOrThrow()).status,
        ).toBe('executed'),
      { timeout: 20_000, interval: 100 },
    );
    expect(await movementsOf(wallet)).toBe(movements + 1);
    expect(units(await balanceOf(server, wallet, 'USDT')) <= units(books) - units('12')).toBe(true);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chain) + units('12'));
    const verify = await server.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: await client.token('superAdmin') });
    expect(verify.data.breaks.filter((b) => b.walletId === wallet)).toEqual([]);
  }, 60_000);

  it('when the answer could not be kept, a retry is told the request was carried out, naming it, and nothing runs again', async () => {
    const wallet = wallets[WALLET];
    const movements = await movementsOf(wallet);
    await sql`CREATE OR REPLACE FUNCTION test_keep_answer_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'connection lost (test)' USING ERRCODE = '08006'; END $$`.execute(db());
    await sql`CREATE TRIGGER test_keep_answer_fails BEFORE UPDATE ON idempotency_key FOR EACH ROW EXECUTE FUNCTION test_keep_answer_fails()`.execute(
      db(),
    );
    const key = randomUUID();
    const first = await withdraw('13', key);
    expect(first.body).toMatchObject({ code: 200, data: { amount: '13' } });
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ answer: null, route: 'POST /api/sys/movement/save' });
    const retry = await withdraw('13', key);
    expect(retry.status).toBe(200);
    expect(retry.body.code).toBe(425);
    expect(retry.body.msg).toContain(row.requestId);
    expect(retry.body.msg).toMatch(/already carried out/);
    expect(await movementsOf(wallet)).toBe(movements + 1);
  });
  it('a fault of the database after a commit is never a 503: "already carried out", naming the request, and its retry does not run', async () => {
    // A route of its own on the test server's context: it commits a write, then loses the database.
    const app = Fastify();
    installErrorHandler(app, server.app.context.messages);
    let runs = 0;
    defineRoute(app, server.app.context, {
      method: 'POST',
      path: '/test/commit-then-fail',
      access: 'signedIn',
      handler: async ({ caller }) => {
        runs += 1;
        await db()
          .transaction()
          .execute((trx) =>
            trx
              .updateTable('appUser')
              .set({ userName: `Paula Pro ${runs}` })
              .where('id', '=', caller.userId)
              .execute(),
          );
        throw new Error('timeout exceeded when trying to connect');
      },
    });
    try {
      const send = async (key?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/test/commit-then-fail',
          headers: { authorization: `Bearer ${await client.token('merchantProManager')}`, ...(key ? { 'idempotency-key': key } : {}) },
          payload: {},
        });
      const key = randomUUID();
      const first = await send(key);
      expect(first.statusCode).toBe(200);
      const [row] = await keyRows(key);
      expect(first.json()).toMatchObject({ code: 425, data: null });
      expect(first.json<{ msg: string }>().msg).toContain(row.requestId);
      const retry = await send(key);
      expect(retry.json()).toEqual(first.json());
      expect(runs).toBe(1);
      // Without a key too: the write committed, so no 503.
      const unkeyed = await send();
      expect(unkeyed.statusCode).toBe(200);
      expect(unkeyed.json()).toMatchObject({ code: 425 });
      expect(runs).toBe(2);
    } finally {
      await app.close();
      await db().updateTable('appUser').set({ userName: 'Paula Pro' }).where('account', '=', 'merchantProManager').execute();
    }
  });
});

describe('Idempotency-Key', () => {
  it('the same key with another body or on another route is refused, and nothing moves', async () => {
    const wallet = wallets[WALLET];
    const key = randomUUID();
    expect((await withdraw('14', key)).body.code).toBe(200);
    const [movements, books] = [await movementsOf(wallet), await balanceOf(server, wallet, 'USDT')];
    const otherBody = await withdraw('15', key);
    expect(otherBody.body).toMatchObject({ code: 422, data: null });
    expect(otherBody.body.msg).toMatch(/Idempotency-Key was already used for another request/);
    const otherRoute = await post(
      'merchantProManager',
      ApiPath.addressBook.save,
      { chainId: ETH_CHAIN, address: EXTERNAL, label: 'x', memo: '' },
      key,
    );
    expect(otherRoute.body.code).toBe(422);
    expect(await movementsOf(wallet)).toBe(movements);
    expect(await balanceOf(server, wallet, 'USDT')).toBe(books);
  });

  it('requests sent together with one key make one withdrawal; the others answer as its retries', async () => {
    const wallet = wallets[WALLET];
    const [movements, chain] = [await movementsOf(wallet), await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT')];
    const key = randomUUID();
    const token = await client.token('merchantProManager');
    // Through the harness: with TEST_INSTANCES=2 they alternate between two instances on one database.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call<MovementRecord>('POST', ApiPath.movement.save, { token, body: withdrawal('16'), headers: { 'idempotency-key': key } }),
      ),
    );
    expect(await movementsOf(wallet)).toBe(movements + 1);
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chain) + units('16'));
    const done = answers.filter((a) => a.code === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => a.data.id)).size).toBe(1);
    // The others: the first's answer, or "carried out" while it was still being sent.
    for (const answer of answers) expect([200, 425]).toContain(answer.code);
  });

  it("a key is its caller's own: another user's request with it runs as theirs and never gets the first one's answer", async () => {
    const wallet = wallets[WALLET];
    const movements = await movementsOf(wallet);
    const key = randomUUID();
    const mine = await withdraw('17', key, 'merchantProManager');
    const theirs = await withdraw('17', key, 'merchantProFinance');
    expect(mine.body.code).toBe(200);
    expect(theirs.body).toMatchObject({ code: 200, data: { createdBy: 'merchantProFinance' } });
    expect(theirs.replayed).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await movementsOf(wallet)).toBe(movements + 2);
  });

  it('a refusal commits nothing and leaves no key; a malformed key is a 400 that says why', async () => {
    const key = randomUUID();
    const refused = await withdraw('999999999', key);
    expect(refused.body.code).toBe(400);
    expect(await keyRows(key)).toEqual([]);
    for (const bad of ['', '   ', 'x'.repeat(256), 'tab\there']) {
      const res = await withdraw('18', bad);
      expect(res.status, JSON.stringify(bad)).toBe(200);
      expect(res.body, JSON.stringify(bad)).toMatchObject({
        code: 400,
        msg: 'The Idempotency-Key header must be 1 to 255 printable characters.',
      });
    }
    expect((await withdraw('18', 'k'.repeat(255))).body.code).toBe(200);
  });

  it('a unit the database aborted (deadlock) runs again and claims the key with the commit that went through: one movement, one key, replayed', async () => {
    const wallet = wallets['Delta TRON deposits'];
    const { orgId } = await db().selectFrom('chainWallet').select('orgId').where('id', '=', wallet).executeTakeFirstOrThrow();
    const body = { kind: 'withdraw', walletId: wallet, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'TRX', amount: '31', memo: '' };
    const movements = await movementsOf(wallet);
    await sql`CREATE SEQUENCE IF NOT EXISTS test_abort_count`.execute(db());
    await sql`SELECT setval('test_abort_count', 1, false)`.execute(db());
    await sql`CREATE OR REPLACE FUNCTION test_abort_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('test_abort_count') = 1 THEN RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = '40P01'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER test_abort_once BEFORE INSERT ON movement FOR EACH ROW EXECUTE FUNCTION test_abort_once()`.execute(db());
    try {
      const key = randomUUID();
      const first = await post('multiOrg', ApiPath.movement.save, body, key, orgId);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: 200, data: { amount: '31' } });
      expect(await keyRows(key)).toHaveLength(1);
      const again = await post('multiOrg', ApiPath.movement.save, body, key, orgId);
      expect(again.replayed).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await movementsOf(wallet)).toBe(movements + 1);
    } finally {
      await sql`DROP TRIGGER IF EXISTS test_abort_once ON movement`.execute(db());
    }
  });

  it('a refusal that committed something (a proposal found expired, marked so) is kept with its key and replayed', async () => {
    const started = await client.start('merchantProManager', {
      walletId: wallets['Aurora cold'],
      kind: 'transfer',
      to: EXTERNAL,
      amount: '0.2',
      symbol: 'ETH',
      memo: '',
    });
    expect(started.code, JSON.stringify(started)).toBe(200);
    server.advanceClock(server.app.context.config.proposalTtlHours * 3_600_000 + 1000);
    client.forgetSessions();
    const key = randomUUID();
    const approve = () => post('merchantProFinance', ApiPath.sign.approval, { proposalId: started.data.proposalId, comment: '' }, key);
    const first = await approve();
    expect(first.body).toMatchObject({ code: 409, msg: 'This proposal has expired.' });
    const again = await approve();
    // Not "already expired", which running it again would say: the first answer.
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('keys are kept 24 hours, then purged', async () => {
    const old = randomUUID();
    expect((await withdraw('19', old)).body.code).toBe(200);
    server.advanceClock(23 * 3_600_000);
    // Sessions last less than that: everyone signs in again.
    client.forgetSessions();
    const young = randomUUID();
    expect((await post('merchantProManager', ApiPath.movement.save, withdrawal('20'), young)).body.code).toBe(200);
    // 23 hours old: kept (older keys of the tests above may go).
    await purgeIdempotencyKeys(db(), server.app.context.now());
    expect(await keyRows(old)).toHaveLength(1);
    server.advanceClock(1 * 3_600_000 + 60_000);
    expect(await purgeIdempotencyKeys(db(), server.app.context.now())).toBeGreaterThanOrEqual(1);
    expect(await keyRows(old)).toEqual([]);
    expect(await keyRows(young)).toHaveLength(1);
  });
});
