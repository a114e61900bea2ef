import { z } from 'zod';

/**
 * Building blocks of response schemas (`response` of a route, server/http/route.ts): what an
 * answer's `data` holds. They check types only, never a form's rules: a value stored before a
 * rule changed must still go out. Input is what a handler returns, output the JSON sent.
 */

/** An instant: a Date from the database, sent as ISO 8601 text. */
export const isoInstant = z
  .preprocess((value) => (value instanceof Date ? value.toISOString() : value), z.string())
  .meta({ format: 'date-time' });

/** `data` of every list call (ListResult of src/contract/envelope.ts). */
export const listResult = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    count: z.number(),
    hasNextPage: z.boolean().optional(),
  });

/** `data` of a call that answers nothing but its success. */
export const noData = z.null();
