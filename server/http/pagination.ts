import { sql, type SelectExpression, type Selection, type SelectQueryBuilder } from 'kysely';
import type { ListResult } from '../../src/contract/envelope';

export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: string;
  order: 'asc' | 'desc';
}

export interface PageOptions<DB, TB extends keyof DB, O, Row> {
  select: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>;
  sortColumns: Record<string, string>;
  defaultSort: string;
  tieBreaker: string;
  /**
   * Sorts a streamed export may walk by keyset — (sort column, id) after the last row — because
   * their column is never NULL and on the tie-breaker's table; any other sort exports by a list
   * of ids taken first (server/http/csvExport.ts).
   */
  keyset?: readonly string[];
  /**
   * Count apart from the page (two queries) instead of `count(*) over ()` on the page: for
   * tables that grow without bound (ledger, reports, audit trail), where the page alone stops
   * after its rows through the sort's index but a window total makes the database read and sort
   * every filtered row (docs/DECISIONS.md "Pagination: one query or two").
   */
  countApart?: boolean;
}

/**
 * One page of a filtered query in the requested order. `sortColumns` maps API sort names to
 * SQL columns (the only way a sort name reaches SQL); `tieBreaker` keeps pages stable.
 * `offset` replaces the page's own (a deep page that starts from a narrowed query).
 */
export async function pageOf<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest & { offset?: number },
  options: PageOptions<DB, TB, O, Row>,
): Promise<Row[]> {
  return (await pageQuery(filtered, request, options).execute()) as Row[];
}

/** The page's query, not run: what `pageOf` runs, and what a shape compiled once keeps (server/db/queryShapes.ts). */
export const pageQuery = <DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest & { offset?: number },
  options: PageOptions<DB, TB, O, Row>,
) => inPageOrder(options.select(filtered), request, options);

/** A selection sorted, tie-broken and cut to the requested page. */
function inPageOrder<DB, TB extends keyof DB, O, Row, S>(
  selected: SelectQueryBuilder<DB, TB, S>,
  request: PageRequest & { offset?: number },
  options: PageOptions<DB, TB, O, Row>,
): SelectQueryBuilder<DB, TB, S> {
  const column = options.sortColumns[request.sort ?? options.defaultSort] ?? options.sortColumns[options.defaultSort];
  const direction = request.order === 'desc' ? sql`desc` : sql`asc`;
  return (
    selected
      .orderBy(sql`${sql.ref(column)} ${direction}`)
      // Ties follow the sort's direction: "newest first" stays newest first among equal times.
      .orderBy(sql`${sql.ref(options.tieBreaker)} ${direction}`)
      .limit(request.pageSize)
      .offset(request.offset ?? (request.page - 1) * request.pageSize)
  );
}

/**
 * The ids of every row of a filtered query in the page order, in one array (a million ids are
 * a few MB): what a streamed export walks through in batches. A sort by a computed column (no
 * table name) falls back to the id order.
 */
export async function orderedIds<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: Pick<PageRequest, 'sort' | 'order'>,
  options: PageOptions<DB, TB, O, Row>,
): Promise<number[]> {
  const named = options.sortColumns[request.sort ?? options.defaultSort] ?? options.sortColumns[options.defaultSort];
  const column = named.includes('.') ? named : options.tieBreaker;
  const direction = request.order === 'desc' ? sql`desc` : sql`asc`;
  const tie = sql.ref(options.tieBreaker);
  const row = await filtered
    .clearSelect()
    .select(
      sql<number[]>`coalesce(array_agg(${tie} order by ${sql.ref(column)} ${direction}, ${tie} ${direction}), '{}')`.as('ids') as never,
    )
    .executeTakeFirst();
  return ((row as { ids?: number[] } | undefined)?.ids ?? []).map(Number);
}

/** The number of rows a filtered query selects. */
export async function countOf<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const counted = await countQuery(filtered).executeTakeFirst();
  return Number((counted as { count?: number } | undefined)?.count ?? 0);
}

/** The count's query, not run (see `pageQuery`). */
export const countQuery = <DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>) =>
  filtered.clearSelect().select(sql<number>`count(*)::int`.as('count') as never);

/**
 * A page and the filtered total in one query: each row carries `count(*) over ()`, computed
 * before LIMIT. A page past the end has no row to carry it, so only then is the total counted
 * apart (an empty first page is a total of 0).
 */
export async function countedPage<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
  options: PageOptions<DB, TB, O, Row>,
): Promise<ListResult<Row>> {
  const selected = options.select(filtered).select(sql<number>`count(*) over ()`.as(TOTAL) as never);
  const rows = (await inPageOrder(selected, request, options).execute()) as Array<Row & Record<typeof TOTAL, number | string>>;
  if (rows.length === 0) return { list: [], count: request.page > 1 ? await countOf(filtered) : 0 };
  const count = Number(rows[0][TOTAL]);
  return { list: rows.map(({ [TOTAL]: _total, ...row }) => row as Row), count };
}

/** The window total's column name, chosen to collide with no record field. */
const TOTAL = 'pageTotalCount';

/** The page and the total as two queries: the count, then the rows. */
export async function pageAndCount<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
  options: PageOptions<DB, TB, O, Row>,
): Promise<ListResult<Row>> {
  const count = await countOf(filtered);
  return { list: await pageOf(filtered, request, options), count };
}

/**
 * Every list's answer `{list, count}`: the page, and the total of the filtered query — in one
 * query (one round trip), unless the list counts apart (`countApart`).
 */
export async function paginate<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
  options: PageOptions<DB, TB, O, Row>,
): Promise<ListResult<Row>> {
  return options.countApart ? pageAndCount(filtered, request, options) : countedPage(filtered, request, options);
}

/** Sort names that are one table's own columns, each mapped to its column: `chainId` of `chain` sorts by `chain.chain_id`. */
export const sortByColumns = (table: string, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, `${table}.${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`]));

/** Sorts by one table's own never-NULL columns: each is also one a streamed export may walk by keyset (`keyset`). */
export const keysetSorts = (table: string, names: readonly string[]) => ({ sortColumns: sortByColumns(table, names), keyset: names });

/** The sort a request asked for, newest first (descending) when it named none: the order of the ledger, reports and audit trails. */
export const newestFirst = (request: Pick<PageRequest, 'sort' | 'order'>) => ({
  sort: request.sort,
  order: request.sort ? request.order : ('desc' as const),
});

/** `text` with LIKE's own characters (%, _ and the escape \) taken literally: filters are text, not patterns. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

/** A LIKE pattern matching what starts with `text` (an index on the column with text_pattern_ops serves it). */
export const prefixPattern = (text: string) => `${likeLiteral(text)}%`;

/**
 * A list's answer that selects `columns`: the console's `ids` filter (the records a reference
 * field shows) on the tie-breaker, the table's id, then `paginate`.
 */
export function pageOfColumns<DB, TB extends keyof DB, O, SE extends SelectExpression<DB, TB>>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest & { ids?: readonly number[] },
  columns: readonly SE[],
  options: Omit<PageOptions<DB, TB, O, unknown>, 'select'>,
): Promise<ListResult<Selection<DB, TB, SE>>> {
  const scoped = request.ids ? filtered.where(sql.ref(options.tieBreaker), 'in', request.ids) : filtered;
  return paginate(scoped, request, { ...options, select: (qb) => qb.select(columns) });
}
