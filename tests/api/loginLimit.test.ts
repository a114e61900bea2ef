import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { readConfig } from '../../server/config';
import { ApiPath } from '../../src/contract/apiPaths';

// The limit is lowered so the test makes few scrypt runs; the default (100) is checked below.
const FAILURES = 10;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { loginFailuresPerAddress: FAILURES } });
});
afterAll(() => server?.close());

const attempt = (account: string, password: string, remoteAddress: string) =>
  server.app.inject({ method: 'POST', url: `/api${ApiPath.auth.login}`, remoteAddress, payload: { account, password } });
const codeOf = (response: Awaited<ReturnType<typeof attempt>>) => response.json<{ code: number }>().code;

describe('failed sign-ins per client address, whatever the accounts', () => {
  it('a spray over many accounts stops that address for every account; successes do not count; another address signs in', async () => {
    const sprayer = '203.0.113.7';
    for (let i = 0; i < FAILURES + 2; i++) expect(codeOf(await attempt('operatorEmployee', DEMO_PASSWORD, sprayer))).toBe(200);
    // One guess per account, each far under its own account's limit, all at once: every try
    // passes the first check together, yet exactly FAILURES are answered and the rest withheld.
    const spray = await Promise.all(Array.from({ length: FAILURES + 5 }, (_, i) => attempt(`ghost${i}`, 'Spring2026!', sprayer)));
    const codes = spray.map(codeOf);
    expect(codes.filter((c) => c === 401)).toHaveLength(FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    for (const response of spray.filter((r) => codeOf(r) === 429)) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);

    // The right password of a real account is refused too: past the limit no answer tells a right guess.
    const refused = await attempt('operatorEmployee', DEMO_PASSWORD, sprayer);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ code: 429, msg: 'Too many requests. Please wait a moment and try again.', data: null });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect(codeOf(await attempt('operatorEmployee', DEMO_PASSWORD, '203.0.113.8'))).toBe(200);
    expect(codeOf(await attempt('ghost0', 'Spring2026!', '203.0.113.8'))).toBe(401);
  });

  it('after 15 minutes by the database’s clock the address may try again', async () => {
    const address = '203.0.113.9';
    await Promise.all(Array.from({ length: FAILURES }, (_, i) => attempt(`phantom${i}`, 'Summer2026!', address)));
    expect(codeOf(await attempt('operatorEmployee', DEMO_PASSWORD, address))).toBe(429);
    // An instance whose own clock runs ahead opens nothing: windows are judged by the database's.
    // (Faking Date would not show it: PGlite runs in this process and reads the same Date.)
    server.advanceClock(15 * 60_000 + 1_000);
    try {
      expect(codeOf(await attempt('operatorEmployee', DEMO_PASSWORD, address))).toBe(429);
    } finally {
      server.advanceClock(-(15 * 60_000 + 1_000));
    }
    // Fifteen minutes pass for the database: every window ends that much earlier.
    await sql`update rate_limit_counter set window_ends = window_ends - interval '15 minutes'`.execute(server.app.context.db);
    expect(codeOf(await attempt('operatorEmployee', DEMO_PASSWORD, address))).toBe(200);
  });

  it('is 100 unless LOGIN_FAILURES_PER_ADDRESS says otherwise', () => {
    expect(readConfig({}).loginFailuresPerAddress).toBe(100);
    expect(readConfig({ LOGIN_FAILURES_PER_ADDRESS: '500' }).loginFailuresPerAddress).toBe(500);
    expect(() => readConfig({ LOGIN_FAILURES_PER_ADDRESS: '0' })).toThrow(/LOGIN_FAILURES_PER_ADDRESS/);
  });
});
