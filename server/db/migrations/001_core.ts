import { sql, type Kysely } from 'kysely';
import { onChain, timestamps, createdAt, tableWithSerialId } from './frozen';

/** Orgs, users, memberships, sessions, brand, chains and currencies. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithSerialId(db, 'org')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tenant_type', 'smallint', (c) => c.notNull().check(sql`tenant_type in (0, 1, 3, 4, 5)`))
    .addColumn('parent_id', 'integer', (c) => c.references('org.id'))
    .$call(createdAt)
    .execute();
  await db.schema.createIndex('org_parent_idx').on('org').column('parent_id').execute();

  await tableWithSerialId(db, 'app_user')
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(createdAt)
    .execute();

  await db.schema
    .createTable('membership')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addColumn('role_level', 'smallint', (c) => c.notNull().check(sql`role_level between 0 and 5`))
    .$call(createdAt)
    .addPrimaryKeyConstraint('membership_pk', ['user_id', 'org_id'])
    .execute();
  await db.schema.createIndex('membership_org_idx').on('membership').column('org_id').execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .$call(createdAt)
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await tableWithSerialId(db, 'brand_config')
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('favicon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_dark_mode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await tableWithSerialId(db, 'chain')
    .addColumn('chain_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull().check(sql`family in ('evm', 'tron')`))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('rpc_url', 'text', (c) => c.notNull())
    .addColumn('explorer_url', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .execute();
  // At most one default chain, enforced by the database itself.
  await sql`create unique index chain_one_default on chain (is_default) where is_default`.execute(db);

  await db.schema
    .createTable('legal_tender')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await tableWithSerialId(db, 'currency')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .$call(onChain)
    .addColumn('contract_address', 'text')
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 36`))
    .addColumn('legal_tender', 'text', (c) => c.notNull().references('legal_tender.code'))
    .addColumn('min_deposit', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('min_withdraw', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('withdraw_fee', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .addUniqueConstraint('currency_symbol_per_chain', ['chain_id', 'symbol'])
    .execute();
}
