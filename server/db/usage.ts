import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A column that refers to a record, and the sentence (api.* message key) that
 * explains the refusal while it does. A record referred to anywhere is "in use";
 * a later migration adds its tables to the owner's list, nothing else.
 */
export type UsageCheck = {
  [T in keyof Database]: { table: T; column: keyof Database[T] & string; key: string };
}[keyof Database];

/** The first check that finds `value` referred to, or undefined when nothing uses it. */
export async function firstUse(db: Kysely<Database>, checks: readonly UsageCheck[], value: number): Promise<UsageCheck | undefined> {
  for (const check of checks) {
    const used = await db
      .selectFrom(check.table as keyof Database)
      .select(sql<number>`1`.as('used'))
      .where(sql.ref(check.column), '=', value)
      .limit(1)
      .executeTakeFirst();
    if (used) return check;
  }
  return undefined;
}
