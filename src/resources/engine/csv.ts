/**
 * CSV for spreadsheets (RFC 4180): every cell quoted when it must be, line breaks CRLF,
 * a UTF-8 byte order mark so Excel reads Chinese text right. A cell a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR first) is prefixed with ' — CSV injection — unless
 * it is a plain number such as a negative amount.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<R> {
  header: string;
  value: (record: R) => unknown;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], records: readonly R[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const record of records) lines.push(columns.map((c) => csvCell(c.value(record))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
