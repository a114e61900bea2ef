import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { EXPORT_BATCH } from '../../server/http/csvExport';
import type { Envelope, ListResult } from '../../src/contract/envelope';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Streamed CSV exports (docs/DECISIONS.md "Export"): the whole filtered list in the list's
 * order, with the list's access and scope, headed and labelled in the caller's language.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
/** Each network's name by its chain ID, as the database has them. */
let chainNames = new Map<number, string>();

beforeAll(async () => {
  server = await startTestServer();
  // More orders than one batch, so the stream really walks batches.
  await seedVolume(server.app.context.db, { orders: 2 * EXPORT_BATCH, days: 40, batch: 5_000 });
  for (const account of ['superAdmin', 'merchantProFinance', 'agentManager', 'merchantLiteEmployee'])
    tokens[account] = await server.login(account);
  const chains = await server.app.context.db.selectFrom('chain').select(['chainId', 'name']).execute();
  chainNames = new Map(chains.map((chain) => [Number(chain.chainId), chain.name]));
});
afterAll(() => server?.close());

type Query = Record<string, string | number>;
const STATUS_EN: Record<string, string> = { pending: 'Pending', paid: 'Paid', expired: 'Expired', failed: 'Failed' };

async function exportOf(account: string | undefined, path: string, query: Query = {}, language = 'en-US') {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api${path}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...(account ? { authorization: `Bearer ${tokens[account]}` } : {}), 'accept-language': language },
  });
  return response;
}

/** A CSV of ours as rows of cells (quoted cells with commas or quotes inside handled). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

async function listAll(account: string, path: string, query: Query) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const res = await server.call<ListResult<Record<string, unknown>>>('GET', path, {
      token: tokens[account],
      query: { ...query, page, pageSize: 500 },
    });
    rows.push(...res.data.list);
    if (res.data.list.length < 500) return { rows, count: res.data.count };
  }
}

describe('streamed exports', () => {
  it('the payment report: every filtered order once, in the list’s order, across batches', async () => {
    for (const query of [{}, { status: 'paid', sort: 'amount', order: 'asc' }] as Query[]) {
      const response = await exportOf('superAdmin', ApiPath.report.payment.export, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="payment-report-/);
      const [header, ...rows] = parseCsv(response.body);
      expect(header).toEqual([
        'Chain',
        'Chain ID',
        'Order no.',
        'Created',
        'Organisation',
        'Currency',
        'Amount',
        'Fee',
        'Status',
        'Paid',
        'Transaction hash',
        'Payer address',
        'Deposit address',
      ]);
      const list = await listAll('superAdmin', ApiPath.report.payment.list, query);
      expect(rows.length).toBe(list.count);
      if (Object.keys(query).length === 0) expect(rows.length).toBeGreaterThan(EXPORT_BATCH);
      expect(rows.map((r) => r[2])).toEqual(list.rows.map((o) => o.orderNo));
      expect(new Set(rows.map((r) => r[2])).size).toBe(rows.length);
      const first = list.rows[0];
      expect(rows[0]).toEqual(
        [
          chainNames.get(Number(first.chainId)),
          String(first.chainId),
          first.orderNo,
          first.createdAt,
          first.orgName,
          first.symbol,
          first.amount,
          first.fee,
          STATUS_EN[String(first.status)],
          first.paidAt ?? '',
          first.txHash ?? '',
          first.payerAddress ?? '',
          first.depositAddress,
        ].map(String),
      );
    }
  });

  it('headers and values in the caller’s language', async () => {
    const response = await exportOf('superAdmin', ApiPath.report.payment.export, { status: 'expired' }, 'zh-CN,zh;q=0.9');
    const [header, row] = parseCsv(response.body);
    expect(header.slice(0, 3)).toEqual(['链', '链 ID', '订单号']);
    expect(row[8]).toBe('已过期');
  });

  it('a merchant exports its own org only; an agent is refused as on the list; no session, no file', async () => {
    const own = parseCsv((await exportOf('merchantProFinance', ApiPath.report.payment.export)).body).slice(1);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r[4]))).toEqual(new Set(['Aurora Pay (Pro)']));
    const other = parseCsv((await exportOf('merchantProFinance', ApiPath.report.payment.export, { orgId: server.orgIds.stdB })).body).slice(
      1,
    );
    expect(other).toEqual([]);
    const agent = await exportOf('agentManager', ApiPath.report.payment.export);
    expect(agent.json<Envelope>().code).toBe(403);
    const anonymous = await exportOf(undefined, ApiPath.report.payment.export);
    expect(anonymous.json<Envelope>().code).toBe(401);
  });

  it('malformed filters get the JSON error, never a half file', async () => {
    const response = await exportOf('superAdmin', ApiPath.report.payment.export, { status: 'stolen', dateFrom: 'yesterday' });
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json<Envelope<Record<string, string>>>();
    expect(body.code).toBe(400);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['status', 'dateFrom']));
  });

  it('a cell a spreadsheet would run is defused; a negative amount stays a number', async () => {
    await sql`update chain_wallet set label = '=HYPERLINK("http://evil")' where id = (select wallet_id from gas_fee order by id limit 1)`.execute(
      server.app.context.db,
    );
    const rows = parseCsv((await exportOf('superAdmin', ApiPath.report.gas.export, { sort: 'id', order: 'asc' })).body);
    expect(rows[0]).toEqual(['Chain', 'Chain ID', 'Time', 'Organisation', 'Wallet', 'Reason', 'Coin', 'Gas', 'Transaction hash']);
    expect(rows[1][4]).toBe('\'=HYPERLINK("http://evil")');
    const ledger = parseCsv((await exportOf('superAdmin', ApiPath.assetFlow.export, { reason: 'gas' })).body);
    expect(ledger.length).toBeGreaterThan(1);
    expect(ledger.slice(1).every((r) => /^-\d+(\.\d+)?$/.test(r[6]))).toBe(true);
  });

  it('the ledger (full and lite), movements and the audit log export what their lists show', async () => {
    const cases: Array<[string, string, Query, (row: Record<string, unknown>) => string, number]> = [
      [ApiPath.assetFlow.export, ApiPath.assetFlow.list, { reason: 'payment' }, (r) => String(r.createdAt), 0],
      [ApiPath.assetFlow.export, ApiPath.assetFlow.list, { view: 'asset-flow-lite', symbol: 'ETH' }, (r) => String(r.createdAt), 2],
      [ApiPath.movement.export, ApiPath.movement.list, { kind: 'withdraw', sort: 'id', order: 'desc' }, (r) => String(r.createdAt), 0],
      [ApiPath.auditLog.export, ApiPath.auditLog.list, {}, (r) => String(r.createdAt), 0],
    ];
    for (const [exportPath, listPath, query, key, column] of cases) {
      const response = await exportOf('superAdmin', exportPath, query);
      expect(response.statusCode, exportPath).toBe(200);
      const rows = parseCsv(response.body).slice(1);
      const { view: _view, ...listQuery } = query;
      const list = await listAll('superAdmin', listPath, listQuery);
      expect(rows.length, exportPath).toBe(list.count);
      expect(rows.length).toBeGreaterThan(0);
      expect(
        rows.map((r) => r[column]),
        exportPath,
      ).toEqual(list.rows.map(key));
    }
    const lite = parseCsv((await exportOf('superAdmin', ApiPath.assetFlow.export, { view: 'asset-flow-lite' })).body)[0];
    expect(lite).toEqual(['Chain', 'Chain ID', 'Time', 'Wallet', 'Currency', 'Change', 'Balance after']);
    const audit = parseCsv((await exportOf('superAdmin', ApiPath.auditLog.export, { entity: 'session' }, 'zh-CN')).body);
    expect(audit.length).toBeGreaterThan(1);
    expect(audit.slice(1).every((r) => r[4] !== 'session')).toBe(true);
    expect((await exportOf('superAdmin', ApiPath.assetFlow.export, { view: 'everything' })).json<Envelope>().code).toBe(400);
    expect((await exportOf('merchantLiteEmployee', ApiPath.movement.export, { kind: 'supply' })).json<Envelope>().code).toBe(403);
  });

  it('the sign log: every action on the proposals in scope, named by wallet and nonce, with the list’s filters', async () => {
    for (const [account, query] of [
      ['superAdmin', {}],
      ['superAdmin', { action: 'approval', sort: 'createdAt', order: 'desc' }],
      ['merchantProFinance', {}],
    ] as Array<[string, Query]>) {
      const response = await exportOf(account, ApiPath.sign.logExport, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="sign-log-/);
      const [header, ...rows] = parseCsv(response.body);
      expect(header).toEqual(['Time', 'Chain', 'Chain ID', 'Proposal', 'Action', 'Account', 'Name', 'Comment']);
      const list = await listAll(account, ApiPath.sign.logList, query);
      expect(rows.length, `${account} ${JSON.stringify(query)}`).toBe(list.count);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r[0])).toEqual(list.rows.map((r) => String(r.createdAt)));
      expect(rows.map((r) => r[3].replace(/^'=/, '='))).toEqual(
        list.rows.map((r) => `${String(r.walletLabel)} · #${String(r.proposalNonce)}`),
      );
      if (query.action) expect(new Set(rows.map((r) => r[4]))).toEqual(new Set(['approved']));
    }
    // A merchant's file holds its own org's proposals only.
    const own = await sql<{
      id: number;
    }>`select s.id from sign_log s join proposal p on p.id = s.proposal_id where p.org_id = ${server.orgIds.proA}`.execute(
      server.app.context.db,
    );
    const all = await sql<{ id: number }>`select id from sign_log`.execute(server.app.context.db);
    expect(own.rows.length).toBeLessThan(all.rows.length);
    expect(parseCsv((await exportOf('merchantProFinance', ApiPath.sign.logExport)).body).length - 1).toBe(own.rows.length);
    expect((await exportOf(undefined, ApiPath.sign.logExport)).json<Envelope>().code).toBe(401);
  });

  it('the sign log, as an insider would try it: another org’s proposal by id, an agent’s reach, malformed filters', async () => {
    const db = server.app.context.db;
    const foreign = await sql<{ id: number }>`select id from proposal where org_id <> ${server.orgIds.proA} order by id limit 1`.execute(
      db,
    );
    expect(foreign.rows).toHaveLength(1);
    // Named by its id, another org's proposal exports nothing, exactly as its list shows nothing.
    const byId = parseCsv((await exportOf('merchantProFinance', ApiPath.sign.logExport, { proposalId: foreign.rows[0].id })).body);
    expect(byId.slice(1)).toEqual([]);
    // An agent exports what its list shows: its own and its merchants' proposals, no other.
    const agentRows = parseCsv((await exportOf('agentManager', ApiPath.sign.logExport)).body).slice(1);
    expect(agentRows.length).toBe((await listAll('agentManager', ApiPath.sign.logList, {})).count);
    const reachable = await sql<{
      n: number;
    }>`select count(*)::int as n from sign_log s join proposal p on p.id = s.proposal_id join org o on o.id = p.org_id
      where o.id = ${server.orgIds.agentNorth} or o.parent_id = ${server.orgIds.agentNorth}`.execute(db);
    expect(agentRows.length).toBe(reachable.rows[0].n);
    expect(agentRows.length).toBeGreaterThan(0);
    // Malformed filters: the JSON error naming each field, never a half file.
    const bad = await exportOf('superAdmin', ApiPath.sign.logExport, { action: 'steal', dateFrom: 'yesterday', proposalId: 'x' });
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    const body = bad.json<Envelope<Record<string, string>>>();
    expect(body.code).toBe(400);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['action', 'dateFrom', 'proposalId']));
  });

  it('every export with chains names each row\u2019s chain, and keeps its chain ID in a column named as such', async () => {
    const exports: Array<[string, Query, string]> = [
      [ApiPath.report.payment.export, {}, ApiPath.report.payment.list],
      [ApiPath.report.linkpay.export, {}, ApiPath.report.linkpay.list],
      [ApiPath.report.recharge.export, {}, ApiPath.report.recharge.list],
      [ApiPath.report.gas.export, {}, ApiPath.report.gas.list],
      [ApiPath.assetFlow.export, {}, ApiPath.assetFlow.list],
      [ApiPath.assetFlow.export, { view: 'asset-flow-lite' }, ApiPath.assetFlow.list],
      [ApiPath.movement.export, { kind: 'withdraw' }, ApiPath.movement.list],
      [ApiPath.sign.logExport, {}, ApiPath.sign.logList],
    ];
    for (const [path, query] of exports) {
      for (const [language, nameHeader, idHeader] of [
        ['en-US', 'Chain', 'Chain ID'],
        ['zh-CN', '链', '链 ID'],
      ]) {
        const [header, ...rows] = parseCsv((await exportOf('superAdmin', path, query, language)).body);
        const at = header.indexOf(idHeader);
        expect(header[at - 1], `${path} ${language}: ${header.join(', ')}`).toBe(nameHeader);
        expect(rows.length, path).toBeGreaterThan(0);
        for (const row of rows) {
          // A name a person reads, not a number; the id beside it names that very chain.
          expect(row[at - 1], path).not.toMatch(/^\d+$/);
          expect(row[at - 1], path).toBe(chainNames.get(Number(row[at])));
        }
      }
    }
    // The merchant's file names its chains too, and no id-only column is left: the orgs, wallets and currencies are named.
    const [header, ...rows] = parseCsv((await exportOf('merchantProFinance', ApiPath.report.gas.export)).body);
    expect(header).toEqual(['Chain', 'Chain ID', 'Time', 'Organisation', 'Wallet', 'Reason', 'Coin', 'Gas', 'Transaction hash']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const column of ['Organisation', 'Wallet', 'Coin']) expect(row[header.indexOf(column)]).toMatch(/[A-Za-z]/);
  });

  it('rows that tie on the sort, across batch boundaries, are each exported once, in the list’s order', async () => {
    // Thousands of orders at the very same instant (to the microsecond) and many equal amounts.
    await sql`update payment_order set created_at = '2026-01-01 00:00:00.123456+00' where id in (select id from payment_order where kind = 'payment' order by id limit ${EXPORT_BATCH + 1500})`.execute(
      server.app.context.db,
    );
    for (const query of [
      {},
      { sort: 'createdAt', order: 'asc' },
      { sort: 'amount', order: 'desc' },
      { sort: 'paidAt', order: 'desc' },
    ] as Query[]) {
      const rows = parseCsv((await exportOf('superAdmin', ApiPath.report.payment.export, query)).body).slice(1);
      const list = await listAll('superAdmin', ApiPath.report.payment.list, query);
      expect(rows.length, JSON.stringify(query)).toBe(list.count);
      expect(new Set(rows.map((r) => r[2])).size).toBe(rows.length);
      expect(
        rows.map((r) => r[2]),
        JSON.stringify(query),
      ).toEqual(list.rows.map((o) => o.orderNo));
    }
  }, 120_000);
});
