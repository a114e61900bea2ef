import { Readable } from 'node:stream';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_BOM, csvLine } from '../../src/contract/csv';
import { NO_EXPORT_NAMES, type ExportNames, type ExportView } from '../../src/contract/exports';
import { orderedIds, pageOf, type PageOptions, type PageRequest } from './pagination';
import type { Messages } from './messages';
import { heapKeeper } from './heapKeeper';
import type { CopyConnect } from '../db/copySource';
import { copyExport } from './copyExport';

/** Rows fetched per query: large enough that 1M rows are a few hundred queries, small enough to stay a few MB. */
export const EXPORT_BATCH = 2_000;

/**
 * The garbage an export lets the heap gather before a full collection (server/http/heapKeeper.ts).
 * Each collection costs the export CPU: at 16 MB the server grew 10–16 MB; at 20 MB it grew 15–24 MB,
 * past the 20; at 32 MB 33–36 MB (`npm run bench -- --volume --exports`, docs/DECISIONS.md
 * "Exports at the database's pace").
 */
const EXPORT_HEAP_SLACK = 16 * 2 ** 20;

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
  transform?: (row: Row) => Record<string, unknown>;
  /** The names of the records rows refer to by id (exportNames, server/http/exportNames.ts). */
  names: ExportNames;
  /** PostgreSQL: where a COPY of the whole file takes its connection (server/http/copyExport.ts); none = batches. */
  copy?: CopyConnect;
}

/**
 * A label function that looks each (key, fallback) up once per export: a status column asks
 * for the same few labels on every row, and a lookup walks the catalogue's dotted path.
 */
function rememberedLabels(label: Label): Label {
  const known = new Map<string, string>();
  return (key, fallback) => {
    const memo = `${key}\u0000${fallback}`;
    let text = known.get(memo);
    if (text === undefined) known.set(memo, (text = label(key, fallback)));
    return text;
  };
}

/**
 * Streams a whole filtered list as CSV (docs/DECISIONS.md "Export", "Exports at the database's
 * pace"), one batch at a time with the list's own select, the next batch's query under way
 * while the current one is formatted and sent (exportBatches):
 * - by keyset where the sort allows it (`keyset` of the page options): each batch starts after
 *   the last row's (sort column, id), compared with that row as stored, so nothing is held
 *   between batches whatever the list's size;
 * - otherwise by the ids of every row in the list's order, taken first (a few MB per million).
 * No connection or transaction is held between batches, so other requests go on meanwhile. The
 * reply pulls a batch only once the last one is on its way to the socket (back-pressure), and
 * at most one more is being fetched: a client that stops reading pauses the queries.
 * On PostgreSQL (`copy`) the database writes the lines itself in one COPY when every column can
 * be written by SQL (docs/DECISIONS.md "Exports at the database's pace: COPY"); the batches are
 * for PGlite and the columns SQL does not write the same.
 */
export async function sendCsvExport<DB, TB extends keyof DB, O, Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  messages: Messages,
  spec: CsvExport<DB, TB, O, Row>,
): Promise<FastifyReply> {
  const label = rememberedLabels(messages.labels(request.headers['accept-language']));
  const { view, transform, names } = spec;
  // A batch becomes one string (lines joined once), handed to the socket as one chunk.
  const format = (rows: Array<Record<string, unknown>>): string => {
    const lines = new Array<string>(rows.length);
    // A batch's rows are those `options.select` chose: the transform's own row type.
    for (let at = 0; at < rows.length; at++)
      lines[at] = csvLine(cellsOf(view, transform ? transform(rows[at] as Row) : rows[at], label, names));
    return lines.join('');
  };
  const first = CSV_BOM + csvLine(exportHeader(view, label));
  const copied =
    spec.copy && !transform
      ? await copyExport(
          spec.copy,
          {
            ...spec,
            labelsUnder: (prefix) => messages.labelsUnder(request.headers['accept-language'], prefix),
            afterChunk: heapCheck(heapKeeper(EXPORT_HEAP_SLACK, true)),
          },
          first,
        )
      : undefined;
  async function* chunks() {
    yield first;
    const heap = heapKeeper(EXPORT_HEAP_SLACK);
    for await (const rows of exportBatches(spec)) {
      yield format(rows);
      heap.check();
    }
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const filename = `${spec.name}-${stamp}.csv`;
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('Cache-Control', 'no-store')
      // Bytes, not objects: the stream asks for the next batch only once the last one is on its way.
      .send(copied ?? Readable.from(chunks(), { objectMode: false }))
  );
}

/** A keeper's check as a callback. */
const heapCheck = (keeper: ReturnType<typeof heapKeeper>) => () => void keeper.check();

type Batches = AsyncGenerator<Array<Record<string, unknown>>>;

/** The rows of a whole filtered list, in the list's order, a batch at a time (the queries an export reads). */
export async function* exportBatches<DB, TB extends keyof DB, O, Row>(
  spec: Pick<CsvExport<DB, TB, O, Row>, 'filtered' | 'options' | 'sort'>,
): Batches {
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

type Rows = Array<Record<string, unknown>>;

/**
 * Yields `fetch(undefined)`, then `fetch(previous batch)` until `last` says that batch was the last,
 * each fetch started as soon as the batch before it has arrived — before that batch is handed
 * on — so the database reads the next batch while this one is formatted and sent. One batch
 * ahead, never more: the query of batch n+1 depends only on batch n, so the rows, their order
 * and their boundaries are those of a loop that waits (no duplicate, no gap).
 */
async function* aheadByOne(fetch: (previous: Rows | undefined) => Promise<Rows>, last: (rows: Rows) => boolean): Batches {
  const started = (previous: Rows | undefined) => {
    const pending = fetch(previous);
    // Handled here so that a client gone mid-export (the generator left at its yield) does not
    // leave a rejection nobody waits for; awaiting it below still throws.
    pending.catch(() => undefined);
    return pending;
  };
  let pending: Promise<Rows> | undefined = started(undefined);
  while (pending) {
    const rows: Rows = await pending;
    pending = last(rows) ? undefined : started(rows);
    if (rows.length > 0) yield rows;
  }
}

/** Batches after the last row's (sort column, id), that row read back as stored (no precision lost in JS). */
function keysetBatches<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  sort: Pick<PageRequest, 'sort'> & { order: 'asc' | 'desc' },
  options: PageOptions<DB, TB, O, Row>,
  column: string,
): Batches {
  const [table, sortColumn] = column.split('.');
  const idColumn = options.tieBreaker.split('.')[1];
  const after = sort.order === 'desc' ? sql`<` : sql`>`;
  const keyed = {
    ...options,
    select: (qb: SelectQueryBuilder<DB, TB, O>) => options.select(qb).select(sql.ref(options.tieBreaker).as('exportKey') as never),
  };
  return aheadByOne(
    (previous) => {
      const last = previous === undefined ? undefined : Number(previous[previous.length - 1].exportKey);
      const narrowed =
        last === undefined
          ? filtered
          : filtered.where(
              sql<boolean>`(${sql.ref(column)}, ${sql.ref(options.tieBreaker)}) ${after} (select k.${sql.ref(sortColumn)}, k.${sql.ref(idColumn)} from ${sql.table(table)} k where k.${sql.ref(idColumn)} = ${last})` as never,
            );
      return pageOf(narrowed, { ...sort, page: 1, pageSize: EXPORT_BATCH }, keyed) as Promise<Rows>;
    },
    (rows) => rows.length < EXPORT_BATCH,
  );
}

/** Batches of an id list taken in the list's order first. */
function idBatches<DB, TB extends keyof DB, O, Row>(
  ids: number[],
  filtered: SelectQueryBuilder<DB, TB, O>,
  sort: Pick<PageRequest, 'sort'> & { order: 'asc' | 'desc' },
  options: PageOptions<DB, TB, O, Row>,
): Batches {
  const tie = sql.ref(options.tieBreaker);
  let start = 0;
  return aheadByOne(
    () => {
      const batch = ids.slice(start, (start += EXPORT_BATCH));
      if (batch.length === 0) return Promise.resolve([]);
      const narrowed = filtered.where(sql<boolean>`${tie} = any(${batch}::int[])` as never);
      return pageOf(narrowed, { ...sort, page: 1, pageSize: batch.length }, options) as Promise<Rows>;
    },
    () => start >= ids.length,
  );
}
