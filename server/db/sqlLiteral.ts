import pg from 'pg';
import type { CompiledQuery } from 'kysely';

/**
 * A value written into SQL as a literal, for the statements that take no parameters (COPY:
 * docs/DECISIONS.md "Exports at the database's pace: COPY"). Strings through pg's own escaping;
 * anything this cannot write exactly is refused rather than guessed.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  // Arrays as PostgreSQL's array text ('{1,2}'), each element quoted: the SQL casts it (`::int[]`).
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string'))
    return pg.escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`);
  throw new Error(`a parameter SQL cannot take as a literal: ${JSON.stringify(value)}`);
}

/** A compiled query with its `$n` parameters written in as literals (Kysely's SQL holds no literal of its own with a `$`). */
export const inlineParameters = (compiled: CompiledQuery): string =>
  compiled.sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(compiled.parameters[Number(n) - 1]));
