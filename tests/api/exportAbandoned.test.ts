import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { EXPORT_BATCH } from '../../server/http/csvExport';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * An export fetches its next batch while the current one is sent (docs/DECISIONS.md "Exports at
 * the database's pace"): a client that goes away mid-file leaves that query behind. The server
 * must drop it quietly and go on answering, and the next export must be whole.
 */
let server: TestServer;
let token = '';
let port = 0;

beforeAll(async () => {
  server = await startTestServer();
  await seedVolume(server.app.context.db, { orders: 3 * EXPORT_BATCH, days: 40, batch: 5_000 });
  token = await server.login('superAdmin');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(() => server?.close());

/** Reads the export until `stopAfter` bytes (then hangs up), or to its end: the bytes read and whether the file ended. */
function readExport(stopAfter = Infinity): Promise<{ bytes: number; ended: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: `/api${ApiPath.report.payment.export}`, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= stopAfter) {
            request.destroy();
            resolve({ bytes, ended: false, body: '' });
          }
        });
        res.on('end', () => resolve({ bytes, ended: true, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => undefined);
      },
    );
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

describe('an export its client abandons', () => {
  it('is dropped without harm: the server answers, and the next export is whole', async () => {
    for (let n = 0; n < 3; n++) expect((await readExport(1)).ended).toBe(false);
    const whole = await readExport();
    expect(whole.ended).toBe(true);
    const lines = whole.body.split('\r\n').filter(Boolean);
    const listed = await server.call<{ count: number }>('GET', ApiPath.report.payment.list, { token, query: { page: 1, pageSize: 1 } });
    // The header line, then every order of the report once.
    expect(lines.length - 1).toBe(listed.data.count);
    expect(new Set(lines.slice(1)).size).toBe(listed.data.count);
  }, 120_000);
});
