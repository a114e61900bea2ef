import { seedPolicies } from './policies';
import type { Transaction } from 'kysely';
import { holdMigrationLock } from '../migrationLock';
import type { ServerContext } from '../../http/serverContext';
import type { DatabaseHandle, Db } from '../database';
import type { Database } from '../schema';
import { hashPassword } from '../../credentials/password';
import { systemAuditContext, withAuditContext } from '../../http/auditContext';
import { privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { demoSigningKey } from '../../../src/contract/demoSigningKey';
import { seedWallets } from './wallets';
import { seedProposals } from './proposals';
import { seedPayments } from './payments';
import { seedMovements } from './movements';
import { demoBrand, demoChains, demoCurrencies, demoOrgs, demoUsers, DEMO_PASSWORD, type DemoOrgKey } from './demoData';

/**
 * Seeds the demo data (README.md "Demo accounts") on an empty database: by default with the embedded
 * PGlite, only with SEED=demo on PostgreSQL; SEED=none never seeds.
 */
export async function seedDemoIfEmpty(context: ServerContext, kind: DatabaseHandle['kind']): Promise<boolean> {
  const wanted = context.config.seed ?? (kind === 'pglite' ? 'demo' : 'none');
  if (wanted !== 'demo') return false;
  // The guard only when seeding: it derives the devnets' keys, off a restart's path to ready (docs/DECISIONS.md "Restart to ready").
  return seedDemoUnlessSeeded(context.db, () => context.chains.safeGuard());
}

/**
 * Seeds the demo data unless the database has a user already. Idempotent and safe when several
 * instances start at once (docs/DECISIONS.md "Database faults"): the check and the seed run in
 * one transaction under the migration lock, so the second instance waits, then finds users and
 * leaves the data alone.
 */
export async function seedDemoUnlessSeeded(db: Db, safeGuard: Address | (() => Address)): Promise<boolean> {
  if (await db.selectFrom('appUser').select('id').limit(1).executeTakeFirst()) return false;
  const passwordHashes = await demoPasswordHashes();
  const guard = typeof safeGuard === 'function' ? safeGuard() : safeGuard;
  return withAuditContext(SEED_CONTEXT, () =>
    db.transaction().execute(async (trx) => {
      await holdMigrationLock(trx);
      if (await trx.selectFrom('appUser').select('id').limit(1).executeTakeFirst()) return false;
      await writeDemo(trx, passwordHashes, guard);
      return true;
    }),
  );
}

const demoPasswordHashes = () => Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));

/** The seed's writes are the system's, named in the audit trail (docs/DECISIONS.md "Audit trail"). */
const SEED_CONTEXT = systemAuditContext('demo seed');

/** Writes the whole demo data set in one transaction: all of it or nothing. */
export async function seedDemo(db: Db, safeGuard: Address): Promise<Record<DemoOrgKey, number>> {
  const passwordHashes = await demoPasswordHashes();
  return withAuditContext(SEED_CONTEXT, () => db.transaction().execute((trx) => writeDemo(trx, passwordHashes, safeGuard)));
}

async function writeDemo(trx: Transaction<Database>, passwordHashes: string[], safeGuard: Address): Promise<Record<DemoOrgKey, number>> {
  const orgIds = {} as Record<DemoOrgKey, number>;
  const userIds: Record<string, number> = {};
  for (const [key, org] of Object.entries(demoOrgs) as Array<[DemoOrgKey, (typeof demoOrgs)[DemoOrgKey]]>) {
    const row = await trx
      .insertInto('org')
      .values({ name: org.name, tenantType: org.tenantType, parentId: org.parent ? orgIds[org.parent] : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgIds[key] = row.id;
  }
  for (const [index, user] of demoUsers.entries()) {
    const { id } = await trx
      .insertInto('appUser')
      .values({ account: user.account, userName: user.userName, passwordHash: passwordHashes[index] })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds[user.account] = id;
    await trx
      .insertInto('membership')
      .values(user.memberships.map((m) => ({ userId: id, orgId: orgIds[m.org], roleLevel: m.roleLevel })))
      .execute();
    // Every demo user signs with the demo key of their account (src/contract/demoSigningKey.ts).
    await trx
      .insertInto('signingKey')
      .values({ userId: id, address: privateKeyToAccount(demoSigningKey(user.account)).address, registeredAt: new Date() })
      .execute();
  }
  await trx.insertInto('brandConfig').values(demoBrand).execute();
  await trx.insertInto('chain').values(demoChains).execute();
  await trx
    .insertInto('currency')
    .values(demoCurrencies.map((c) => ({ ...c, enabled: true })))
    .execute();
  const seed = { trx, orgIds, userIds, walletIds: await seedWallets(trx, orgIds, userIds, safeGuard) };
  await seedProposals(seed);
  await seedPayments(trx, orgIds);
  await seedMovements(seed);
  await seedPolicies(seed);
  return orgIds;
}
