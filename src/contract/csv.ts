/**
 * CSV for spreadsheets (RFC 4180), the same whether the console or the server writes it: every
 * cell quoted when it must be, line breaks CRLF, a UTF-8 byte order mark first so Excel reads
 * Chinese text right. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * is prefixed with ' — CSV injection — unless it is a plain number such as a negative amount.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

/**
 * What could need either rule: a formula's first character, a quote, comma or line break, or
 * space at either end (`\s` is the set `trim` removes). Most cells have none and are written
 * after this one test: an export runs it on every cell of millions of rows.
 */
const MAY_NEED_CARE = /^[=+\-@\s]|[",\r\n]|\s$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (!MAY_NEED_CARE.test(text)) return text;
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its line break. */
export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',') + CSV_EOL;
