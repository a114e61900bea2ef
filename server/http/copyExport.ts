import { pipeline, type Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SelectQueryBuilder } from 'kysely';
import { inlineParameters } from '../db/sqlLiteral';
import type { CopyConnect } from '../db/copySource';
import type { ExportNames, ExportView } from '../../src/contract/exports';
import { pageQuery, type PageOptions, type PageRequest } from './pagination';
import { copyLineSql, type LabelsUnder } from './copyColumns';
import { CopyLines } from './copyLines';

export interface CopySpec<DB, TB extends keyof DB, O, Row> {
  filtered: SelectQueryBuilder<DB, TB, O>;
  options: PageOptions<DB, TB, O, Row>;
  sort: Pick<PageRequest, 'sort' | 'order'>;
  view: ExportView;
  names: ExportNames;
  labelsUnder: LabelsUnder;
  /** Called after each chunk of lines (the heap keeper's check, server/http/heapKeeper.ts). */
  afterChunk?: () => void;
}

/**
 * The whole export's select in the list's order — the rows and order the batches of
 * server/http/csvExport.ts walk — as one statement with its values written in (COPY takes no
 * parameters). A sort by a computed column exports in id order, as the batches do.
 */
function wholeSelect<DB, TB extends keyof DB, O, Row>(spec: Pick<CopySpec<DB, TB, O, Row>, 'filtered' | 'options' | 'sort'>): string {
  const { options } = spec;
  const named = options.sortColumns[spec.sort.sort ?? options.defaultSort] ?? options.sortColumns[options.defaultSort];
  const byId = Object.keys(options.sortColumns).find((key) => options.sortColumns[key] === options.tieBreaker);
  const sort = named.includes('.') ? spec.sort : { ...spec.sort, sort: byId };
  const query = pageQuery(spec.filtered, { ...sort, order: sort.order ?? 'asc', page: 1, pageSize: 1 }, options)
    .clearLimit()
    .clearOffset();
  return inlineParameters(query.compile());
}

/** Ends a connection whose COPY was left mid-way: its socket closed, so the backend stops writing to it and ends. */
function discard(client: pg.PoolClient, error: Error): void {
  client.connection.stream.destroy();
  client.release(error);
}

/**
 * A whole filtered list as CSV written by PostgreSQL (docs/DECISIONS.md "Exports at the database's
 * pace: COPY"): `COPY (select <line> from (<the list's select>) r) TO STDOUT`, each line made by
 * SQL as `cellsOf` and `csvCell` make it in Node (server/http/copyColumns.ts), streamed through
 * with the socket's back-pressure (pg-copy-streams stops reading the connection while the reply
 * is full). `first` (the BOM and header) comes before the rows. `undefined` when a column cannot
 * be written by SQL: the caller then sends its batches. The COPY holds one pool connection for
 * the file's time; a client that hangs up closes that connection, which ends the statement.
 */
export async function copyExport<DB, TB extends keyof DB, O, Row>(
  connect: CopyConnect,
  spec: CopySpec<DB, TB, O, Row>,
  first: string,
): Promise<Readable | undefined> {
  const select = wholeSelect(spec);
  const client = await connect();
  let line: string | undefined;
  try {
    // The select's columns and their types, from its description alone (nothing read).
    const { fields } = await client.query(`select * from (${select}) r limit 0`);
    line = copyLineSql(spec.view, fields, spec.labelsUnder, spec.names);
    // One statement for the whole file: a pool's statement time-out would cut a large export short.
    if (line !== undefined) await client.query('set statement_timeout to 0');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (line === undefined) {
    client.release();
    return undefined;
  }
  const rows = client.query(copyTo(`copy (select ${line} from (${select}) r) to stdout (format binary)`));
  const lines = new CopyLines(first, spec.afterChunk);
  pipeline(rows, lines, (error) => {
    if (error) return discard(client, error);
    client.query('reset statement_timeout').then(
      () => client.release(),
      (failed: Error) => client.release(failed),
    );
  });
  return lines;
}
