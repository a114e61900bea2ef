import { sql, type Kysely } from 'kysely';

/**
 * Invitations also bring a member into an existing org (/member "invite"; docs/roles-and-routes.md): `kind`
 * says which; a member code names the org and the role level, a merchant code the new
 * org's name and tier.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invitation')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('merchant'))
    .execute();
  await db.schema
    .alterTable('invitation')
    .addColumn('target_org_id', 'integer', (c) => c.references('org.id'))
    .execute();
  await db.schema.alterTable('invitation').addColumn('role_level', 'integer').execute();
  await db.schema
    .alterTable('invitation')
    .alterColumn('tenant_type', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('invitation')
    .alterColumn('org_name', (c) => c.dropNotNull())
    .execute();
  await sql`alter table invitation add constraint invitation_kind_fields check (
    (kind = 'merchant' and tenant_type is not null and org_name is not null and target_org_id is null and role_level is null)
    or (kind = 'member' and target_org_id is not null and role_level is not null and tenant_type is null and org_name is null))`.execute(
    db,
  );
}
