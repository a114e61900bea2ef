import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

/** Query strings carry text: these coerce and bound what list calls accept (docs/api.md). */

export const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'validation.invalidId' })
  .transform((s) => s.split(',').map(Number));

/**
 * An instant in a filter (ISO 8601 or anything Date.parse reads), in the years PostgreSQL's
 * timestamps and the console's pickers share: year 0, negative years and years past 9999
 * parse in JavaScript but not in the database (docs/DECISIONS.md "Bad input").
 */
export const instant = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' })
  .refine(
    (v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { error: 'validation.dateRange', abort: true },
  );

export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** page, pageSize, sort (one of `sortable`), order, ids, plus the resource's own filters. */
export function listQuery<F extends z.ZodRawShape, S extends string>(sortable: readonly [S, ...S[]], filters: F) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    sort: z.enum(sortable).optional(),
    order: z
      .enum(['asc', 'desc', 'ASC', 'DESC'])
      .transform((o) => o.toLowerCase() as 'asc' | 'desc')
      .default('asc'),
    ids: idList.optional(),
    ...filters,
  });
}

const idError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.invalidId';

/** A record id in a body: a positive integer, also accepted as a digit string (form values). */
export const recordId = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  { error: idError },
);

/** Query of every `detail?id=` call (docs/api.md). */
export const detailQuery = z.object({
  id: z
    .string({ error: idError })
    .regex(/^[1-9]\d{0,14}$/, { error: 'validation.invalidId' })
    .transform(Number),
});
