import { ApiPath } from '../../src/contract/apiPaths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { buildApp } from '../../server/app';
import { sealAuditChain } from '../../server/modules/auditLog/sealer';
import { UNSEALED_BOUND_MS } from '../../server/modules/auditLog/service';
import type { AuditVerifyResult } from '../../src/contract/schemas/auditLog';

/**
 * The audit chain sealed after commit (docs/ledger.md "Sealing the audit chain"): writes commit
 * their events unsealed, the sequencer links them right after, at start and on its beat; what
 * an insider with the database can and cannot do before and after sealing. The beat is a day
 * here: nothing is sealed but by a write's commit, a start, or the test itself.
 */
let server: TestServer;
let superToken: string;
const DAY = 24 * 3_600_000;
beforeAll(async () => {
  server = await startTestServer({ config: { auditSealMs: DAY } });
  superToken = await server.login('superAdmin');
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const verify = async () => (await server.call<AuditVerifyResult>('GET', ApiPath.auditLog.verify, { token: superToken })).data;
const unsealed = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from audit_event where seq is null`.execute(db())).rows[0].n;
const isSealed = async (id: number) =>
  (await sql<{ seq: number | null }>`select seq from audit_event where id = ${id}`.execute(db())).rows[0].seq !== null;
/** An event as an insider inserts it with plain SQL: through the insert trigger, unsealed, and no write request to wake the sequencer. */
const insertEvent = async (route: string) =>
  (
    await sql<{
      id: number;
    }>`insert into audit_event (action, entity, entity_id, route) values ('update', 'currency', '1', ${route}) returning id`.execute(db())
  ).rows[0].id;
/** As the database's owner, around the triggers. */
const aroundTriggers = async (work: () => Promise<unknown>) => {
  await sql`alter table audit_event disable trigger user`.execute(db());
  try {
    await work();
  } finally {
    await sql`alter table audit_event enable trigger user`.execute(db());
  }
};
/**
 * Seals until nothing visible is left (another instance may hold the lock a moment); `oneStatement`:
 * each batch as one statement in its own implicit transaction, as the sequencer does at READ COMMITTED.
 */
const sealAll = async (oneStatement = false) => {
  for (;;) if (!(await sealAuditChain(db(), oneStatement)).busy) return;
};

describe('sealing after commit', () => {
  it('a write commits its events unsealed and the sequencer seals them right after; the head is the last position', async () => {
    expect(await unsealed()).toBe(0);
    const before = await verify();
    expect(before).toMatchObject({ intact: true, firstBroken: null, unsealed: 0, staleUnsealed: null });
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.call('POST', ApiPath.chain.update, { token: superToken, body: { id: 3, confirmations: 20 + i } }),
      ),
    );
    expect(writes.map((w) => w.code)).toEqual(Array(8).fill(200));
    await expect.poll(unsealed, { timeout: 20_000 }).toBe(0);
    const after = await verify();
    expect(after).toMatchObject({ intact: true, firstBroken: null, unsealed: 0 });
    expect(after.head!.seq).toBeGreaterThanOrEqual(before.head!.seq + 8);
    const { rows } = await sql<{ seq: number; hash: string }>`select seq, hash from audit_event order by seq desc limit 1`.execute(db());
    expect(after.head).toEqual({ seq: rows[0].seq, hash: rows[0].hash });
  }, 60_000);

  it('a crash between commit and sealing loses nothing: an instance starting seals what is left before it serves', async () => {
    const ids = [await insertEvent('crash 1'), await insertEvent('crash 2'), await insertEvent('crash 3')];
    expect(await unsealed()).toBe(3);
    // Still within the bound: waiting to be sealed is no finding.
    expect(await verify()).toMatchObject({ intact: true, unsealed: 3, staleUnsealed: null });
    const restarted = await buildApp({
      config: server.app.context.config,
      database: server.database,
      now: server.app.context.now,
      chains: server.app.context.chains,
    });
    try {
      expect(await unsealed()).toBe(0);
      for (const id of ids) expect(await isSealed(id)).toBe(true);
      expect(await verify()).toMatchObject({ intact: true, firstBroken: null, unsealed: 0 });
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('an event left unsealed longer than the bound is named (the sequencer is not running)', async () => {
    const id = await insertEvent('left unsealed');
    server.advanceClock(UNSEALED_BOUND_MS + 1_000);
    const result = await verify();
    expect(result).toMatchObject({ intact: false, firstBroken: null, unsealed: 1, staleUnsealed: { id, count: 1 } });
    await sealAll();
    expect(await verify()).toMatchObject({ intact: true, unsealed: 0, staleUnsealed: null });
  }, 60_000);

  it('instances sealing at once never fork the chain: one position per event, each linked to the one before', async () => {
    // Both instances of TEST_INSTANCES=2 take the writes; several sealers race on the lock besides,
    // half of them in an explicit transaction, half one statement each.
    const writes = Array.from({ length: 16 }, (_, i) =>
      server.call('POST', ApiPath.chain.update, { token: superToken, body: { id: 3, confirmations: 40 + i } }),
    );
    const direct = Array.from({ length: 40 }, (_, i) => insertEvent(`race ${i}`));
    const sealers = Array.from({ length: 4 }, (_, i) => sealAll(i % 2 === 1));
    await Promise.all([...writes, ...direct, ...sealers]);
    await sealAll();
    await expect.poll(unsealed, { timeout: 20_000 }).toBe(0);
    const { rows } = await sql<{ positions: number; distinct: number; links: number }>`
      select count(*)::int as positions, count(distinct seq)::int as distinct, count(distinct prev_hash)::int as links
      from audit_event where seq is not null`.execute(db());
    expect(rows[0].distinct).toBe(rows[0].positions);
    expect(rows[0].links).toBe(rows[0].positions);
    expect(await verify()).toMatchObject({ intact: true, firstBroken: null, unsealed: 0 });
  }, 90_000);
});

describe('what an insider with the database can do, before and after sealing', () => {
  it('before sealing, an event rewritten around the triggers is named and never sealed', async () => {
    // Inserted and rewritten before any sequencer can see it: the window between commit and sealing at its widest.
    const id = await db()
      .transaction()
      .execute(async (trx) => {
        const inserted = (
          await sql<{
            id: number;
          }>`insert into audit_event (action, entity, route) values ('update', 'currency', 'rewritten before sealing') returning id`.execute(
            trx,
          )
        ).rows[0].id;
        await sql`alter table audit_event disable trigger user`.execute(trx);
        await sql`update audit_event set route = 'someone else' where id = ${inserted}`.execute(trx);
        await sql`alter table audit_event enable trigger user`.execute(trx);
        return inserted;
      });
    expect(await verify()).toMatchObject({ intact: false, firstBroken: { id } });
    await sealAll();
    expect(await isSealed(id)).toBe(false);
    expect(await verify()).toMatchObject({ intact: false, firstBroken: { id } });
    // Put back as it was: the check passes again, and the row is sealed like any other.
    await aroundTriggers(() => sql`update audit_event set route = 'rewritten before sealing' where id = ${id}`.execute(db()));
    await sealAll();
    expect(await isSealed(id)).toBe(true);
    expect(await verify()).toMatchObject({ intact: true });
  }, 60_000);

  it('before sealing, a rewrite that also recomputes the digest, a removal or an insertion through the trigger is not caught (docs/ledger.md)', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        const insert = async (route: string) =>
          (
            await sql<{
              id: number;
            }>`insert into audit_event (action, entity, route) values ('update', 'currency', ${route}) returning id`.execute(trx)
          ).rows[0].id;
        const rewritten = await insert('rewritten and rehashed');
        const removed = await insert('removed before sealing');
        await insert('forged through the trigger');
        await sql`alter table audit_event disable trigger user`.execute(trx);
        await sql`update audit_event set route = 'someone else' where id = ${rewritten}`.execute(trx);
        await sql`update audit_event e set hash = audit_event_digest(e) where id = ${rewritten}`.execute(trx);
        await sql`delete from audit_event where id = ${removed}`.execute(trx);
        await sql`alter table audit_event enable trigger user`.execute(trx);
      });
    await sealAll();
    expect(await verify()).toMatchObject({ intact: true, firstBroken: null, unsealed: 0 });
  }, 60_000);

  it('after sealing, an event removed is named at the next one; put back, the chain is whole again', async () => {
    const { rows } = await sql<{
      id: number;
      seq: number;
    }>`select id, seq from audit_event where seq is not null order by seq desc offset 3 limit 2`.execute(db());
    const [next, victim] = rows;
    // Kept aside as the database has it (to the microsecond), to put back.
    await sql`create table audit_event_saved as select * from audit_event where id = ${victim.id}`.execute(db());
    await aroundTriggers(() => sql`delete from audit_event where id = ${victim.id}`.execute(db()));
    expect(await verify()).toMatchObject({ intact: false, firstBroken: { id: next.id } });
    await aroundTriggers(async () => {
      await sql`insert into audit_event select * from audit_event_saved`.execute(db());
      await sql`drop table audit_event_saved`.execute(db());
    });
    expect(await verify()).toMatchObject({ intact: true });
  }, 60_000);

  it('after sealing, an event inserted into the chain (later positions moved up) is named at the one after it', async () => {
    const { rows } = await sql<{
      id: number;
      seq: number;
    }>`select id, seq from audit_event where seq is not null order by seq desc offset 2 limit 1`.execute(db());
    const [after] = rows;
    await aroundTriggers(async () => {
      await sql`update audit_event set seq = -seq where seq >= ${after.seq}`.execute(db());
      await sql`update audit_event set seq = 1 - seq where seq < 0`.execute(db());
      // A forged event linked correctly to the one before it, its hash computed as the sequencer would.
      await sql`
        insert into audit_event (id, seq, created_at, action, entity, entity_id, route, prev_hash, hash)
        select nextval('audit_event_id_seq'), ${after.seq}, now(), 'update', 'currency', '1', 'forged', p.hash, ''
        from audit_event p where p.seq = ${after.seq - 1}`.execute(db());
      await sql`update audit_event e set hash = audit_event_digest(e) where seq = ${after.seq}`.execute(db());
    });
    expect(await verify()).toMatchObject({ intact: false, firstBroken: { id: after.id } });
  }, 60_000);
});
