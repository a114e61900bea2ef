import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { EXPORT_BATCH } from '../../server/http/csvExport';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * A COPY export goes at its client's pace (docs/DECISIONS.md "Exports at the database's pace:
 * COPY"): a client that stops reading leaves the statement waiting to write (PostgreSQL's
 * `ClientWrite`), not the file gathered in the server; resumed, it gets the bytes of a fast read;
 * a client that hangs up ends the statement, and nothing is logged as a failure. PostgreSQL
 * only (`*.postgres.test.ts` runs only with DATABASE_URL: vitest.config.ts): PGlite's exports are
 * batches (tests/api/exportPace.test.ts).
 */
let server: TestServer;
let token = '';
const socketPath = path.join(os.tmpdir(), `custody-copy-${randomBytes(6).toString('hex')}.sock`);
const logLines: Array<{ level: number; res?: { statusCode?: number } }> = [];
let serverSocket: Socket | undefined;

beforeAll(async () => {
  server = await startTestServer({
    config: { exportCopy: true },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) } },
  });
  // A file many times what the sockets' buffers hold, those between the server and PostgreSQL
  // included (loopback TCP grows each to megabytes): wide rows, 2 KB each.
  await seedVolume(server.app.context.db, { orders: 12 * EXPORT_BATCH, days: 40, batch: 6_000 });
  await sql`update payment_order set payer_address = repeat('0x', 1000)`.execute(server.app.context.db);
  token = await server.login('superAdmin');
  server.app.server.on('connection', (socket: Socket) => (serverSocket = socket));
  // A Unix socket: a fixed ~200 KB kernel buffer, where loopback TCP would swallow megabytes.
  await server.app.listen({ path: socketPath });
}, 300_000);
afterAll(() => server?.close());

/**
 * The export's COPY while it runs, as PostgreSQL reports it, and what it waits for: its own backend (a parallel
 * worker shows the same statement), not an idle connection (which keeps its last statement's text).
 */
async function copiesRunning() {
  const { rows } = await sql<{ state: string; waitEvent: string | null }>`
    select state, wait_event from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
      and state <> 'idle' and query like 'copy (%'`.execute(server.app.context.db);
  return rows;
}

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

function readRest(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    response.resume();
  });
}

describe('COPY exports at the client’s pace', () => {
  it('a client that stops reading holds the COPY at its write; resumed, it gets the bytes of a fast read', async () => {
    const fast = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.report.payment.export}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fast.statusCode).toBe(200);
    expect(fast.body.length).toBeGreaterThan(24 * 2 ** 20);
    const { response } = await openExport();
    const socket = serverSocket!;
    await vi.waitFor(() => expect(socket.writableNeedDrain).toBe(true), { timeout: 60_000, interval: 20 });
    // The database itself waits for the server to take more: the file is not gathered in Node.
    await vi.waitFor(async () => expect(await copiesRunning()).toEqual([{ state: 'active', waitEvent: 'ClientWrite' }]), {
      timeout: 60_000,
      interval: 50,
    });
    expect(await readRest(response)).toBe(fast.body);
    await vi.waitFor(async () => expect(await copiesRunning()).toEqual([]), { timeout: 60_000, interval: 50 });
  }, 120_000);

  it('a client that hangs up mid-file ends the COPY, and nothing is logged as a failure', async () => {
    logLines.length = 0;
    const { request, response } = await openExport();
    const socket = serverSocket!;
    await new Promise<void>((resolve) => {
      response.once('data', () => resolve());
      response.resume();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    request.destroy();
    await closed;
    await vi.waitFor(async () => expect(await copiesRunning()).toEqual([]), { timeout: 60_000, interval: 50 });
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logLines.filter((line) => (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
    const next = await server.app.inject({
      method: 'GET',
      url: `/api${ApiPath.report.payment.export}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(next.statusCode).toBe(200);
    expect(next.body.split('\r\n').filter(Boolean).length).toBeGreaterThan(6 * EXPORT_BATCH);
  }, 120_000);
});
