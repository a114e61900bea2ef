import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { EXPORT_BATCH } from '../../server/http/csvExport';
import { csvCellSql } from '../../server/http/csvCellSql';
import { csvCell } from '../../src/contract/csv';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Exports written by PostgreSQL in one COPY (docs/DECISIONS.md "Exports at the database's pace:
 * COPY"): the very bytes the batches write in Node, for every list, filter, sort, language and
 * caller — cells a spreadsheet would run, quotes, commas and line breaks, empty values, instants
 * to the microsecond, long decimals — and never a row beyond the caller's scope. On PGlite there
 * is no COPY and both reads are the batches (the comparison then holds trivially; the cell
 * function's SQL is still checked there).
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const onPostgres = Boolean(process.env.DATABASE_URL);
/** COPY statements node-postgres was handed (a pg-copy-streams query carries its text). */
let copies = 0;
const clientQuery = pg.Client.prototype.query;

/** Cells a spreadsheet would run, cells CSV must quote, and cells that need neither. */
const TRICKY = [
  '=SUM(A1)',
  '+1',
  '-2',
  '-3.5',
  '-3.5e2',
  '@me',
  ' lead',
  'trail ',
  'a,b',
  'say "hi"',
  'two\nlines',
  'cr\rhere',
  '\ttab',
  'é中文',
  '\u00a0nbsp',
  'x\u3000',
  '=1,"2"\r\n',
];

beforeAll(async () => {
  server = await startTestServer({ config: { exportCopy: true } });
  // More orders than one batch, so the batches really walk several.
  await seedVolume(server.app.context.db, { orders: EXPORT_BATCH + 700, days: 20, batch: 5_000 });
  const db = server.app.context.db;
  // Orders of one merchant org with every awkward value in the text columns, empty values, instants with microseconds and long decimals.
  for (const [index, text] of TRICKY.entries()) {
    const created = ['2026-03-04T05:06:07.123456Z', '2026-03-04T23:59:59.999999Z', '2026-03-05T00:00:00.029999Z'][index % 3];
    const amount = ['0.000000000000000001', '123456789012345678.123456789', '7'][index % 3];
    await sql`insert into payment_order (order_no, org_id, kind, pay_link_id, chain_id, currency_id, amount, fee, status, payer_address, deposit_address, tx_hash, created_at, paid_at)
      select ${`${text}#${index}`}, o.org_id, o.kind, o.pay_link_id, o.chain_id, o.currency_id, ${amount}::numeric, ${amount}::numeric, ${index % 2 ? 'paid' : 'pending'},
             ${index % 2 ? null : text}, ${text}, ${index % 3 ? text : null}, ${created}::timestamptz, ${index % 2 ? created : null}::timestamptz
      from payment_order o where o.kind = 'payment' and o.org_id = ${server.orgIds.proA} order by o.id limit 1`.execute(db);
  }
  await sql`update org set name = ${'=Birch, "Goods"\n'} where id = ${server.orgIds.stdB}`.execute(db);
  for (const account of ['superAdmin', 'merchantProFinance', 'merchantLiteEmployee']) tokens[account] = await server.login(account);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as { text?: unknown } | undefined;
    if (first && typeof first === 'object' && typeof first.text === 'string' && first.text.startsWith('copy (')) copies++;
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
}, 300_000);
afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await server?.close();
});

type Query = Record<string, string | number>;

async function exportOf(account: string, path: string, query: Query, language: string, copy: boolean) {
  server.app.context.config.exportCopy = copy;
  const response = await server.app.inject({
    method: 'GET',
    url: `/api${path}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { authorization: `Bearer ${tokens[account]}`, 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The export read both ways: by COPY (where the database and the columns allow) and by batches; the COPY's count. */
async function bothWays(account: string, path: string, query: Query = {}, language = 'en-US') {
  const before = copies;
  const copied = await exportOf(account, path, query, language, true);
  const copyUsed = copies - before;
  const batched = await exportOf(account, path, query, language, false);
  expect(copies - before).toBe(copyUsed);
  return { copied, batched, copyUsed };
}

/** Data lines of a CSV of ours (the header dropped); line breaks inside quoted cells kept in their line. */
const linesOf = (body: string) => body.split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/).slice(1, -1);

describe('exports by COPY on PostgreSQL', () => {
  it('the cell in SQL is csvCell, on every string of up to three of the characters that matter', async () => {
    const alphabet = [
      '',
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ' ',
      '"',
      ',',
      "'",
      '1',
      '.',
      'a',
      '\u00a0',
      '\u3000',
      '\ufeff',
      '\u000b',
      'é',
    ];
    const strings = new Set<string>(TRICKY);
    for (const a of alphabet) for (const b of alphabet) for (const c of alphabet) strings.add(a + b + c);
    const values = [...strings];
    const { rows } = await sql<{
      cell: string;
    }>`select ${sql.raw(csvCellSql('x'))} as cell from unnest(${values}::text[]) with ordinality as t(x, n) order by n`.execute(
      server.app.context.db,
    );
    expect(rows.map((row) => row.cell)).toEqual(values.map(csvCell));
    const [nothing] = (await sql<{ cell: string }>`select ${sql.raw(csvCellSql('null::text'))} as cell`.execute(server.app.context.db))
      .rows;
    expect(nothing.cell).toBe(csvCell(null));
  });

  it('the payment report: the bytes of the batches, whole and filtered, in every sort and both languages', async () => {
    const cases: Array<[Query, string]> = [
      [{}, 'en-US'],
      [{}, 'zh-CN,zh;q=0.9'],
      [{ status: 'paid', sort: 'amount', order: 'asc' }, 'en-US'],
      [{ sort: 'paidAt', order: 'desc' }, 'en-US'],
      [{ sort: 'orderNo', order: 'asc', orgId: server.orgIds.proA }, 'en-US'],
      // Days picked in Asia/Shanghai: the range's edges are that zone's midnights; the cells stay in UTC.
      [{ dateFrom: '2026-03-03T16:00:00.000Z', dateTo: '2026-03-05T16:00:00.000Z' }, 'en-US'],
      [{ q: '=SUM' }, 'en-US'],
      [{ symbol: 'usdt', chainId: 1 }, 'en-US'],
    ];
    for (const [query, language] of cases) {
      const { copied, batched, copyUsed } = await bothWays('superAdmin', ApiPath.report.payment.export, query, language);
      expect(copied).toBe(batched);
      expect(copyUsed).toBe(onPostgres ? 1 : 0);
    }
  });

  it('awkward cells: defused, quoted, empty, instants in UTC to the millisecond, decimals whole', async () => {
    const { copied, batched } = await bothWays('superAdmin', ApiPath.report.payment.export, {
      orgId: server.orgIds.proA,
      dateFrom: '2026-03-04T00:00:00.000Z',
      dateTo: '2026-03-06T00:00:00.000Z',
      sort: 'id',
      order: 'asc',
    });
    expect(copied).toBe(batched);
    const lines = linesOf(copied).filter((line) =>
      TRICKY.some((text, index) => line.includes(csvCell(`${text}#${index}`).replace(/^"/, ''))),
    );
    expect(lines.length).toBe(TRICKY.length);
    for (const [index, text] of TRICKY.entries()) expect(lines[index]).toContain(`,${csvCell(`${text}#${index}`)},`);
    expect(lines[0]).toContain(`,'=SUM(A1)#0,2026-03-04T05:06:07.123Z,`);
    expect(lines[0]).toContain(',0.000000000000000001,0.000000000000000001,');
    expect(lines[1]).toContain(',2026-03-04T23:59:59.999Z,');
    expect(lines[1]).toContain(',123456789012345678.123456789,');
    expect(lines[2]).toContain(',2026-03-05T00:00:00.029Z,');
    expect(lines[3]).toContain(",'-3.5#3,");
    expect(lines[7]).toContain(',"trail ",');
    expect(lines[10]).toContain(',"two\nlines#10",');
    expect(lines[9]).toContain(',"say ""hi""#9",');
    // No payer, no hash, not paid: empty cells, never "null".
    expect(lines[1]).toMatch(/,,/);
    expect(copied).not.toContain('null');
  });

  it('every other export: the batches’ bytes, by COPY where SQL writes its columns', async () => {
    const cases: Array<[string, Query, boolean]> = [
      [ApiPath.report.linkpay.export, {}, true],
      [ApiPath.report.recharge.export, { sort: 'fee', order: 'desc' }, true],
      [ApiPath.report.gas.export, {}, true],
      [ApiPath.assetFlow.export, { view: 'asset-flow-lite' }, true],
      // Proposal references, the ledger's reasons, JSON and row-read labels stay in Node.
      [ApiPath.assetFlow.export, {}, false],
      [ApiPath.movement.export, { kind: 'withdraw' }, false],
      [ApiPath.sign.logExport, {}, false],
      [ApiPath.auditLog.export, {}, false],
    ];
    for (const [path, query, byCopy] of cases)
      for (const language of ['en-US', 'zh-CN']) {
        const { copied, batched, copyUsed } = await bothWays('superAdmin', path, query, language);
        expect(copied).toBe(batched);
        expect(copyUsed).toBe(onPostgres && byCopy ? 1 : 0);
      }
  });

  it('a merchant gets its own org only, whatever its filters ask for (an insider reaching for other orgs)', async () => {
    const own = await bothWays('merchantProFinance', ApiPath.report.payment.export);
    expect(own.copied).toBe(own.batched);
    const lines = linesOf(own.copied);
    expect(lines.length).toBeGreaterThan(TRICKY.length);
    expect(lines.every((line) => line.includes(',Aurora Pay (Pro),'))).toBe(true);
    const attempts: Query[] = [
      { orgId: server.orgIds.stdB },
      { orgId: server.orgIds.stdB, sort: 'paidAt', order: 'asc' },
      { q: 'Birch' },
      { q: "' or true --" },
      { status: 'paid', orgId: server.orgIds.liteC },
    ];
    for (const query of attempts) {
      const { copied, batched } = await bothWays('merchantProFinance', ApiPath.report.payment.export, query);
      expect(copied).toBe(batched);
      expect(copied).not.toContain('Birch');
      expect(linesOf(copied)).toEqual([]);
    }
    // The gas report and the lite ledger likewise.
    for (const path of [ApiPath.report.gas.export, ApiPath.report.recharge.export]) {
      const { copied, batched } = await bothWays('merchantProFinance', path, { orgId: server.orgIds.stdB });
      expect(copied).toBe(batched);
      expect(linesOf(copied)).toEqual([]);
    }
  });
});
