import pg from 'pg';

/**
 * `csvCell` (src/contract/csv.ts) as a SQL expression over a text value, for exports that
 * PostgreSQL formats itself (docs/DECISIONS.md "Exports at the database's pace: COPY"): the
 * same formula guard and the same quoting, cell for cell. JavaScript's `\s` (what `trim`
 * removes) is spelled out, since PostgreSQL's depends on the locale; `\d` likewise as 0-9.
 * tests/api/exportCopy.test.ts runs both on every short string of the characters that matter.
 */
const SPACE = '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const MAY_NEED_CARE = pg.escapeLiteral(`^[=+@${SPACE}-]|[",\\r\\n]|[${SPACE}]$`);
const FORMULA_START = pg.escapeLiteral('^[=+@\\t\\r-]');
const PLAIN_NUMBER = pg.escapeLiteral('^-?[0-9]+(\\.[0-9]+)?$');
const MUST_QUOTE = pg.escapeLiteral(`[",\\r\\n]|^[${SPACE}]|[${SPACE}]$`);

/** `text` (a SQL expression of type text, read more than once: a column) as its CSV cell; NULL is ''. */
export function csvCellSql(text: string): string {
  const guarded = `case when ${text} ~ ${FORMULA_START} and ${text} !~ ${PLAIN_NUMBER} then '''' || ${text} else ${text} end`;
  const quoted = `case when g.v ~ ${MUST_QUOTE} then '"' || replace(g.v, '"', '""') || '"' else g.v end`;
  return (
    `case when ${text} is null then '' when ${text} !~ ${MAY_NEED_CARE} then ${text} ` +
    `else (select ${quoted} from (select ${guarded} as v) g) end`
  );
}
