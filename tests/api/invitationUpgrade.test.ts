import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, Migrator, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrations } from '../../server/db/migrations';

/**
 * Migration 013 on a database that already holds codes naming nobody (embedded PGlite only:
 * the harness always migrates to the latest).
 */
const db = new Kysely<unknown>({ dialect: new PGliteDialect(new PGlite()) });
const migrateUpTo = (last: string) =>
  new Migrator({
    db,
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)) },
  }).migrateToLatest();

beforeAll(async () => {
  expect((await migrateUpTo('011_chain_transfer')).error).toBeUndefined();
  await sql`insert into org (id, name, tenant_type, created_at) values (1, 'North', 1, now())`.execute(db);
  await sql`insert into app_user (id, account, user_name, password_hash, created_at) values (1, 'agentManager', 'A', 'x', now())`.execute(
    db,
  );
  await sql`insert into org (id, name, tenant_type, parent_id, created_at) values (2, 'Used Shop', 3, 1, now())`.execute(db);
  await sql`insert into invitation (code, issuer_org_id, tenant_type, org_name, created_by, expires_at, used_at, used_by, org_id) values
    ('OPEN00000000', 1, 3, 'Open Shop', 1, now() + interval '1 day', null, null, null),
    ('PAST00000000', 1, 3, 'Late Shop', 1, now() - interval '1 day', null, null, null),
    ('USED00000000', 1, 3, 'Used Shop', 1, now() + interval '1 day', now(), 1, 2)`.execute(db);
  expect((await migrateUpTo('013_invitation_invitee')).error).toBeUndefined();
});
afterAll(() => db.destroy());

describe('013_invitation_invitee on existing data', () => {
  it('withdraws the open codes that name nobody; expired and used ones keep their history', async () => {
    const { rows } = await sql<{ code: string; withdrawn: boolean; used: boolean }>`
      select code, revoked_at is not null as withdrawn, used_at is not null as used from invitation order by code`.execute(db);
    expect(rows).toEqual([
      { code: 'OPEN00000000', withdrawn: true, used: false },
      { code: 'PAST00000000', withdrawn: false, used: false },
      { code: 'USED00000000', withdrawn: false, used: true },
    ]);
  });

  it('accounts become unique case aside', async () => {
    await expect(
      sql`insert into app_user (account, user_name, password_hash, created_at) values ('AGENTMANAGER', 'B', 'x', now())`.execute(db),
    ).rejects.toThrow(/duplicate key/);
  });
});
