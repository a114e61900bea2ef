import { z } from 'zod';

/**
 * Building blocks of response schemas (`response` of a route, server/http/route.ts): what an
 * answer's `data` holds. They check types only, never a form's rules: a value stored before a
 * rule changed must still go out. Input is what a handler returns, output the JSON sent.
 */

/** An instant: a Date from the database, sent as ISO 8601 text. */
export const isoInstant = z
  .preprocess((value: Date | string) => (value instanceof Date ? value.toISOString() : value), z.string())
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

/**
 * The answer of an export: a CSV file (text/csv, as a download), not an envelope. The route sends
 * it itself, so nothing is shaped by this schema; the API's document says what comes.
 */
export const csvFile = z.string().meta({ description: 'A CSV file (text/csv; charset=utf-8, as an attachment), not an envelope.' });
