import { Readable } from 'node:stream';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_BOM, csvLine } from '../../src/contract/csv';
import { NO_EXPORT_NAMES, type ExportNames, type ExportView } from '../../src/contract/exports';
import { orderedIds, pageOf, type PageOptions, type PageRequest } from './pagination';
import type { Messages } from './messages';
import { heapKeeper } from './heapKeeper';

/** Rows fetched per query: large enough that 1M rows are a few hundred queries, small enough to stay a few MB. */
export const EXPORT_BATCH = 2_000;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !(value instanceof Date);

type Label = (key: string, fallback: string) => string;

/** The header line's cells: each column's field label, as the console's screen heads it. */
export const exportHeader = (view: ExportView, label: Label): string[] =>
  view.columns.map((column) => label(column.header ?? `resources.${view.labels}.fields.${column.source}`, column.source));

/**
 * A row's cells as the console's screen words them: value labels translated, records referred to
 * by id named (`names`), objects as JSON, instants in ISO (UTC).
 */
export function cellsOf(view: ExportView, row: Record<string, unknown>, label: Label, names: ExportNames = NO_EXPORT_NAMES): unknown[] {
  return view.columns.map((column) => {
    if (column.cell) return column.cell(row, names);
    const value = row[column.source];
    if (column.valueLabel && value !== null && value !== undefined) return label(column.valueLabel(String(value), row), String(value));
    return isObject(value) ? JSON.stringify(value) : value;
  });
}

export interface CsvExport<DB, TB extends keyof DB, O, Row> {
  filtered: SelectQueryBuilder<DB, TB, O>;
  options: PageOptions<DB, TB, O, Row>;
  sort: Pick<PageRequest, 'sort' | 'order'>;
  view: ExportView;
  /** The file's name without extension. */
  name: string;
  /** A row as the list answers it, when that differs from the select (JSON keys renamed). */
  transform?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** The names of the records rows refer to by id (exportNames, server/http/exportNames.ts). */
  names: ExportNames;
}

/**
 * Streams a whole filtered list as CSV (docs/DECISIONS.md "Export"), one batch at a time with
 * the list's own select, each batch written before the next is read:
 * - by keyset where the sort allows it (`keyset` of the page options): each batch starts after
 *   the last row's (sort column, id), compared with that row as stored, so nothing is held
 *   between batches whatever the list's size;
 * - otherwise by the ids of every row in the list's order, taken first (a few MB per million).
 * No connection or transaction is held between batches, so other requests go on meanwhile; a
 * client that stops reading pauses the queries (back-pressure).
 */
export async function sendCsvExport<DB, TB extends keyof DB, O, Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  messages: Messages,
  spec: CsvExport<DB, TB, O, Row>,
): Promise<FastifyReply> {
  const label = messages.labels(request.headers['accept-language']);
  const write = (rows: Array<Record<string, unknown>>) => {
    let chunk = '';
    for (const row of rows) chunk += csvLine(cellsOf(spec.view, spec.transform ? spec.transform(row) : row, label, spec.names));
    return chunk;
  };
  const batches = exportBatches(spec);
  async function* lines() {
    yield CSV_BOM + csvLine(exportHeader(spec.view, label));
    const heap = heapKeeper();
    for await (const rows of batches) {
      yield write(rows);
      heap.check();
    }
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const filename = `${spec.name}-${stamp}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    // Bytes, not objects: the stream asks for the next batch only once the last one is on its way.
    .send(Readable.from(lines(), { objectMode: false }));
}

type Batches = AsyncGenerator<Array<Record<string, unknown>>>;

/** The rows of a whole filtered list, in the list's order, a batch at a time (the queries an export reads). */
export async function* exportBatches<DB, TB extends keyof DB, O, Row>(spec: Pick<CsvExport<DB, TB, O, Row>, 'filtered' | 'options' | 'sort'>): Batches {
  const { options } = spec;
  const sortName = spec.sort.sort ?? options.defaultSort;
  const named = options.sortColumns[sortName] ?? options.sortColumns[options.defaultSort];
  // A sort by a computed column (no table name) is not one the ids can follow: the id order then.
  const byId = Object.keys(options.sortColumns).find((key) => options.sortColumns[key] === options.tieBreaker);
  const sort = named.includes('.') ? spec.sort : { ...spec.sort, sort: byId };
  const order = sort.order ?? 'asc';
  if (options.keyset?.includes(sortName) && named.includes('.')) yield* keysetBatches(spec.filtered, { ...sort, order }, options, named);
  else yield* idBatches(await orderedIds(spec.filtered, sort, options), spec.filtered, { ...sort, order }, options);
}

/** Batches after the last row's (sort column, id), that row read back as stored (no precision lost in JS). */
async function* keysetBatches<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  sort: Pick<PageRequest, 'sort'> & { order: 'asc' | 'desc' },
  options: PageOptions<DB, TB, O, Row>,
  column: string,
): Batches {
  const [table, sortColumn] = column.split('.');
  const idColumn = options.tieBreaker.split('.')[1];
  const after = sort.order === 'desc' ? sql`<` : sql`>`;
  let last: number | undefined;
  for (;;) {
    const narrowed =
      last === undefined
        ? filtered
        : filtered.where(
            sql<boolean>`(${sql.ref(column)}, ${sql.ref(options.tieBreaker)}) ${after} (select k.${sql.ref(sortColumn)}, k.${sql.ref(idColumn)} from ${sql.table(table)} k where k.${sql.ref(idColumn)} = ${last})` as never,
          );
    const keyed = { ...options, select: (qb: SelectQueryBuilder<DB, TB, O>) => options.select(qb).select(sql.ref(options.tieBreaker).as('exportKey') as never) };
    const rows = (await pageOf(narrowed, { ...sort, page: 1, pageSize: EXPORT_BATCH }, keyed)) as Array<Record<string, unknown>>;
    if (rows.length === 0) return;
    last = Number(rows[rows.length - 1].exportKey);
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Batches of an id list taken in the list's order first. */
async function* idBatches<DB, TB extends keyof DB, O, Row>(
  ids: number[],
  filtered: SelectQueryBuilder<DB, TB, O>,
  sort: Pick<PageRequest, 'sort'> & { order: 'asc' | 'desc' },
  options: PageOptions<DB, TB, O, Row>,
): Batches {
  const tie = sql.ref(options.tieBreaker);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH);
    const narrowed = filtered.where(sql<boolean>`${tie} = any(${batch}::int[])` as never);
    yield (await pageOf(narrowed, { ...sort, page: 1, pageSize: batch.length }, options)) as Array<Record<string, unknown>>;
  }
}
