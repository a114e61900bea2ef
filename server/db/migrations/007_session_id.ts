import type { Kysely } from 'kysely';

/**
 * A surrogate id for sessions (/account: sessions; docs/roles-and-routes.md): the list and revoke calls name a
 * session by it, so neither the token nor its hash ever leaves the server. `serial` numbers
 * the existing rows too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('session')
    .addColumn('id', 'serial', (c) => c.notNull().unique())
    .execute();
}
