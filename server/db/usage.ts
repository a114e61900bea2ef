import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';
import type { Message } from '../http/messages';

/** A column that refers to a record; `where` narrows the rows that count (tokens, not native coins). */
type Reference = {
  [T in keyof Database]: { table: T; column: keyof Database[T] & string; where?: RawBuilder<SqlBool> };
}[keyof Database];

/**
 * A column that refers to a record, and the sentence (api.* message key) that
 * explains the refusal while it does. A record referred to anywhere is "in use";
 * a later migration adds its tables to the owner's list, nothing else.
 */
export type UsageCheck = Reference & { key: string };

/**
 * A reference counted for a refusal that says how much depends on the record: `noun` is
 * a plural api.* key ("{{count}} wallets"); `amount` counts something other than rows.
 */
export type UsageCount = Reference & { noun: string; amount?: RawBuilder<number> };

const referring = (db: Kysely<Database>, use: Reference, value: number) => {
  const query = db.selectFrom(use.table as keyof Database).where(sql.ref(use.column), '=', value);
  return use.where ? query.where(use.where) : query;
};

/** The first check that finds `value` referred to, or undefined when nothing uses it. */
export async function firstUse(db: Kysely<Database>, checks: readonly UsageCheck[], value: number): Promise<UsageCheck | undefined> {
  for (const check of checks) {
    const used = await referring(db, check, value)
      .select(sql<number>`1`.as('used'))
      .limit(1)
      .executeTakeFirst();
    if (used) return check;
  }
  return undefined;
}

/** What refers to `value`, as phrases ("3 wallets"); none when nothing does. */
export async function countUses(db: Kysely<Database>, counts: readonly UsageCount[], value: number): Promise<Message[]> {
  const uses: Message[] = [];
  for (const use of counts) {
    const { total } = await referring(db, use, value)
      .select(sql<number>`coalesce(${use.amount ? sql`sum(${use.amount})` : sql`count(*)`}, 0)::int`.as('total'))
      .executeTakeFirstOrThrow();
    if (Number(total) > 0) uses.push({ key: use.noun, params: { count: Number(total) } });
  }
  return uses;
}
