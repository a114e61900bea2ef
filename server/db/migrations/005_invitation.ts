import { sql, type Kysely } from 'kysely';
import { serialId } from './frozen';

/**
 * Invitation codes (/invitation and sign-up; docs/roles-and-routes.md, docs/api.md): an agent (or the operator) invites a
 * merchant of one tier; signing up with the code creates that merchant org under the
 * issuer and its first manager. Rows are never deleted: revoking and using are stamped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitation')
    .$call(serialId)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('issuer_org_id', 'integer', (c) => c.notNull().references('org.id'))
    .addColumn('tenant_type', 'integer', (c) => c.notNull().check(sql`tenant_type in (3, 4, 5)`))
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('org_id', 'integer', (c) => c.references('org.id'))
    .addCheckConstraint('invitation_used_once', sql`(used_at is null) = (used_by is null) and (used_at is null) = (org_id is null)`)
    .execute();
  await db.schema.createIndex('invitation_issuer_idx').on('invitation').column('issuer_org_id').execute();
}
