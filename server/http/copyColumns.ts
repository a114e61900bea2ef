import pg from 'pg';
import { csvCell } from '../../src/contract/csv';
import { gasReportExport, type ExportColumn, type ExportNames, type ExportView } from '../../src/contract/exports';
import { csvCellSql } from './csvCellSql';

/**
 * A CSV line as one SQL expression over the row of an export's select (`r`), for COPY
 * (docs/DECISIONS.md "Exports at the database's pace: COPY"): each cell as `cellsOf` and
 * `csvCell` write it in Node (server/http/csvExport.ts), or `undefined` when a column cannot be
 * written the same in SQL — the export then stays on its batches.
 */

/** A column of the select: its name in SQL and its type (pg_type oid), as the database describes it. */
export interface SelectField {
  name: string;
  dataTypeID: number;
}

/** A value label for the column's values: every label under the key's prefix, CSV cells already. */
export type LabelsUnder = (prefix: string) => ReadonlyMap<string, string>;

const TEXT = new Set([25, 1043, 19]);
/** Numbers Node writes as PostgreSQL does (int8 through `Number`: chain ids and counts, far below 2^53), uuid, bool. */
const SAFE = new Set([20, 21, 23, 1700, 2950, 16]);
const TIMESTAMPTZ = 1184;

/** The cell text of a value, unquoted (or `undefined` for a type not written the same): what `csvCell(value)` starts from. */
function valueText(field: SelectField, ref: string): { text: string; safe: boolean } | undefined {
  if (TEXT.has(field.dataTypeID)) return { text: ref, safe: false };
  if (SAFE.has(field.dataTypeID)) return { text: `${ref}::text`, safe: true };
  // A JS Date's toISOString: UTC, milliseconds truncated from microseconds as pg's parser does.
  if (field.dataTypeID === TIMESTAMPTZ) return { text: `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, safe: true };
  return undefined;
}

/** Digits, minus, dot, letters of true/false/NaN and uuid hex: never a formula, never quoted (plain numbers pass csvCell as they are). */
const cellOf = (value: { text: string; safe: boolean }) => (value.safe ? `coalesce(${value.text}, '')` : csvCellSql(value.text));

/** A label's key as `prefix + value` for every value, or `undefined` when the key is made otherwise (or reads the row). */
function labelPrefix(valueLabel: NonNullable<ExportColumn['valueLabel']>): string | undefined {
  if (valueLabel.length > 1) return undefined;
  const key = valueLabel('\u0000', {});
  const prefix = key.endsWith('\u0000') ? key.slice(0, -1) : undefined;
  const probes = ['a', 'b_c', 'D e', 'f.g'];
  return prefix !== undefined && probes.every((probe) => valueLabel(probe, {}) === prefix + probe) ? prefix : undefined;
}

/** `case <text> when 'value' then 'Label' … else <cell of text> end`, the labels written as CSV cells. */
function casesOf(text: string, labels: ReadonlyMap<string, string>, otherwise: string): string {
  if (labels.size === 0) return otherwise;
  const whens = [...labels].map(([value, label]) => `when ${pg.escapeLiteral(value)} then ${pg.escapeLiteral(csvCell(label))}`);
  return `case ${text} ${whens.join(' ')} else ${otherwise} end`;
}

/** The chain's name column every chain-bearing view shares (src/contract/exports.ts `chainColumns`). */
const CHAIN_NAME = gasReportExport.columns.find((column) => column.source === 'chainId' && column.cell);

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function copyLineSql(
  view: ExportView,
  fields: readonly SelectField[],
  labelsUnder: LabelsUnder,
  names: ExportNames,
): string | undefined {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const cells: string[] = [];
  for (const column of view.columns) {
    const field = byName.get(snakeCase(column.source));
    if (!field) return undefined;
    const value = valueText(field, `r.${pg.escapeIdentifier(field.name)}`);
    if (!value) return undefined;
    if (column.cell) {
      if (column !== CHAIN_NAME) return undefined;
      cells.push(casesOf(value.text, new Map([...names.chain].map(([id, name]) => [id, name])), cellOf(value)));
    } else if (column.valueLabel) {
      const prefix = labelPrefix(column.valueLabel);
      if (prefix === undefined) return undefined;
      cells.push(casesOf(value.text, labelsUnder(prefix), cellOf(value)));
    } else cells.push(cellOf(value));
  }
  return `${cells.join(` || ',' || `)} || E'\\r\\n'`;
}
