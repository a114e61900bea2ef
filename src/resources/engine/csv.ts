import { CSV_BOM, csvLine } from '../../contract/csv';

/** The console's CSV (the rules are src/contract/csv.ts, shared with the server's streamed exports). */
export { csvCell } from '../../contract/csv';

export interface CsvColumn<R> {
  header: string;
  value: (record: R) => unknown;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], records: readonly R[]): string {
  let text = CSV_BOM + csvLine(columns.map((c) => c.header));
  for (const record of records) text += csvLine(columns.map((c) => c.value(record)));
  return text;
}
