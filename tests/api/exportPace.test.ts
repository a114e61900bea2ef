import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { EXPORT_BATCH, cellsOf, exportHeader } from '../../server/http/csvExport';
import { exportNames } from '../../server/http/exportNames';
import { CSV_BOM, csvLine } from '../../src/contract/csv';
import { orderReportExport } from '../../src/contract/exports';
import type { ListResult } from '../../src/contract/envelope';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * An export reads its next batch while the current one is formatted and sent, and reads only as
 * fast as its client takes the file (docs/DECISIONS.md "Exports at the database's pace"): the
 * bytes are those of the list, whatever the client's pace; a client that stops reading stops the
 * queries instead of making the server hold the file; a client that hangs up ends them quietly.
 */
let server: TestServer;
let token = '';
const socketPath = path.join(os.tmpdir(), `custody-export-${randomBytes(6).toString('hex')}.sock`);
/** The payment report's rows, as its list counts them. */
let total = 0;
/** Rows the export's batch queries brought back (they select the row's id as `export_key`), counted at the driver. */
let exportRows = 0;
/** The server's log lines (pino's JSON). */
const logLines: Array<{ level: number; msg?: string; res?: { statusCode?: number } }> = [];
/** The server side of the last connection a test opened. */
let serverSocket: Socket | undefined;

const pgliteQuery = PGlite.prototype.query;
const clientQuery = pg.Client.prototype.query;

/** Counts the rows of export batch queries on both drivers (PGlite in process, node-postgres). */
function countExportRows(): void {
  PGlite.prototype.query = async function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    const result = await pgliteQuery.apply(this, args);
    if (args[0].includes('export_key')) exportRows += result.rows.length;
    return result;
  } as PGlite['query'];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const out = (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof args[0] === 'string' && args[0].includes('export_key') && out instanceof Promise)
      out.then(
        (result: { rows: unknown[] }) => (exportRows += result.rows.length),
        () => undefined,
      );
    return out;
  } as typeof clientQuery;
}

beforeAll(async () => {
  server = await startTestServer({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) } },
  });
  // Enough orders that the payment report is many batches and many times what the sockets' buffers hold.
  await seedVolume(server.app.context.db, { orders: 12 * EXPORT_BATCH, days: 40, batch: 6_000 });
  token = await server.login('superAdmin');
  total = (await server.call<{ count: number }>('GET', ApiPath.report.payment.list, { token, query: { page: 1, pageSize: 1 } })).data.count;
  server.app.server.on('connection', (socket: Socket) => (serverSocket = socket));
  // A Unix socket: its kernel buffer is a fixed ~200 KB, where loopback TCP grows its own to
  // megabytes and would swallow the whole file before the server ever felt the client's pace.
  await server.app.listen({ path: socketPath });
  countExportRows();
}, 300_000);
afterAll(async () => {
  PGlite.prototype.query = pgliteQuery;
  pg.Client.prototype.query = clientQuery;
  await server?.close();
});

/** Opens the payment report's export over a real socket: the response, paused (nothing read yet). */
function openExport(): Promise<{ request: http.ClientRequest; response: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { socketPath, path: `/api${ApiPath.report.payment.export}`, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.pause();
        resolve({ request, response });
      },
    );
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

/** Reads the rest of a response to its end. */
function readRest(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    response.resume();
  });
}

/** A request through the same database: once it is answered, a batch query queued before it has been answered too (on PGlite). */
const roundTrip = () => server.call('GET', ApiPath.report.payment.list, { token, query: { page: 1, pageSize: 1 } });

describe('exports at the database’s pace', () => {
  it('a client that stops reading stops the queries; resumed, it gets the very bytes of a fast read, each row fetched once', async () => {
    expect(total).toBeGreaterThan(6 * EXPORT_BATCH);
    const fast = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.report.payment.export}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fast.statusCode).toBe(200);
    expect(fast.body.split('\r\n').filter(Boolean).length - 1).toBe(total);

    exportRows = 0;
    const { response } = await openExport();
    const socket = serverSocket!;
    // The client reads nothing: the kernel's buffers fill, then the server's socket says so.
    await vi.waitFor(() => expect(socket.writableNeedDrain).toBe(true), { timeout: 60_000, interval: 20 });
    await roundTrip();
    await roundTrip();
    const fetchedWhilePaused = exportRows;
    // Held back: the batch in the socket's buffer, the one waiting in the stream's and the one
    // read ahead (the kernel's ~200 KB is less than a batch) — not the file.
    expect(fetchedWhilePaused).toBeGreaterThan(0);
    expect(fetchedWhilePaused).toBeLessThanOrEqual(3 * EXPORT_BATCH);

    const body = await readRest(response);
    expect(body).toBe(fast.body);
    expect(exportRows).toBe(total);
  }, 120_000);

  it('the file is the list, page after page, written by the export’s own columns: byte for byte', async () => {
    // Known rows, read without any reading ahead: the list's pages, in the list's order.
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 1; rows.length < total; page++) {
      const { data } = await server.call<ListResult<Record<string, unknown>>>('GET', ApiPath.report.payment.list, {
        token,
        query: { page, pageSize: 500 },
      });
      expect(data.list.length).toBeGreaterThan(0);
      rows.push(...data.list);
    }
    const view = orderReportExport('payment');
    const label = server.app.context.messages.labels('en-US');
    const names = await exportNames(server.app.context.reader);
    const expected = CSV_BOM + csvLine(exportHeader(view, label)) + rows.map((row) => csvLine(cellsOf(view, row, label, names))).join('');
    const exported = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.report.payment.export}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(exported.body).toBe(expected);
  }, 120_000);

  it('a client that hangs up mid-file ends the queries, and nothing is logged as a failure', async () => {
    logLines.length = 0;
    exportRows = 0;
    const { request, response } = await openExport();
    const socket = serverSocket!;
    await new Promise<void>((resolve) => {
      response.once('data', () => resolve());
      response.resume();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    request.destroy();
    await closed;
    await roundTrip();
    await roundTrip();
    const atHangUp = exportRows;
    await roundTrip();
    // At most the batch that was being read ahead when the client left arrives after it.
    expect(exportRows).toBeLessThanOrEqual(atHangUp + EXPORT_BATCH);
    expect(exportRows).toBeLessThanOrEqual(3 * EXPORT_BATCH);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logLines.filter((line) => (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
    // And the server goes on: the next export is whole.
    const next = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.report.payment.export}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(next.body.split('\r\n').filter(Boolean).length - 1).toBe(total);
  }, 120_000);
});
