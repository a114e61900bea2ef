import { Readable } from 'node:stream';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_BOM, csvLine } from '../../src/contract/csv';
import type { ExportView } from '../../src/contract/exports';
import { orderedIds, pageOf, type PageOptions, type PageRequest } from './pagination';
import type { Messages } from './messages';

/** Rows fetched per query: large enough that 1M rows are a few hundred queries, small enough to stay a few MB. */
export const EXPORT_BATCH = 2_000;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !(value instanceof Date);

type Label = (key: string, fallback: string) => string;

/** The header line's cells: each column's field label, as the console's screen heads it. */
export const exportHeader = (view: ExportView, label: Label): string[] =>
  view.columns.map((column) => label(`resources.${view.labels}.fields.${column.source}`, column.source));

/** A row's cells as the console's screen words them: value labels translated, objects as JSON, instants in ISO (UTC). */
export function cellsOf(view: ExportView, row: Record<string, unknown>, label: Label): unknown[] {
  return view.columns.map((column) => {
    if (column.cell) return column.cell(row);
    const value = row[column.source];
    if (column.valueLabel && value !== null && value !== undefined) return label(column.valueLabel(String(value)), String(value));
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
}

/**
 * Streams a whole filtered list as CSV (docs/DECISIONS.md "Export"): the ids of every row in
 * the list's order first (one query), then the rows in batches by id with the list's own
 * select, each batch written before the next is read. The server holds one batch at a time,
 * and no connection or transaction between batches, so other requests go on meanwhile; a
 * client that stops reading pauses the queries (back-pressure).
 */
export async function sendCsvExport<DB, TB extends keyof DB, O, Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  messages: Messages,
  spec: CsvExport<DB, TB, O, Row>,
): Promise<FastifyReply> {
  const label = messages.labels(request.headers['accept-language']);
  // A sort by a computed column (no table name) is not one the ids can follow: the id order then.
  const named = spec.options.sortColumns[spec.sort.sort ?? spec.options.defaultSort] ?? spec.options.sortColumns[spec.options.defaultSort];
  const byId = Object.keys(spec.options.sortColumns).find((key) => spec.options.sortColumns[key] === spec.options.tieBreaker);
  const sort = named.includes('.') ? spec.sort : { ...spec.sort, sort: byId };
  const ids = await orderedIds(spec.filtered, sort, spec.options);
  const tie = sql.ref(spec.options.tieBreaker);
  async function* lines() {
    yield CSV_BOM + csvLine(exportHeader(spec.view, label));
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const narrowed = spec.filtered.where(sql<boolean>`${tie} = any(${batch}::int[])` as never);
      const rows = await pageOf(narrowed, { ...sort, order: sort.order ?? 'asc', page: 1, pageSize: batch.length }, spec.options);
      let chunk = '';
      for (const row of rows as Array<Record<string, unknown>>) chunk += csvLine(cellsOf(spec.view, spec.transform ? spec.transform(row) : row, label));
      yield chunk;
    }
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const filename = `${spec.name}-${stamp}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    .header('X-Total-Count', String(ids.length))
    // Bytes, not objects: the stream asks for the next batch only once the last one is on its way.
    .send(Readable.from(lines(), { objectMode: false }));
}
