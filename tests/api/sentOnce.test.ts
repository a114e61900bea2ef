import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { balanceOf, chainHoldingOf, ETH_CHAIN, signClient, units, walletIdsByLabel } from './signSupport';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import type { MovementRecord } from '../../src/contract/schemas/movement';

/**
 * A database abort (deadlock, serialization failure) re-runs a request whole; once the request has
 * sent money on chain it must not (server/chain/chainMoves.ts, docs/chains.md "Sent once"): the
 * second run would send it again. The abort is made by a trigger that raises a deadlock (40P01) on
 * the first movement written, after the wallet has sent.
 */
const EXTERNAL = getAddress('0x3333333333333333333333333333333333333333');

let server: TestServer;
let client: ReturnType<typeof signClient>;
let wallets: Record<string, number>;
beforeAll(async () => {
  server = await startTestServer();
  client = signClient(server);
  wallets = await walletIdsByLabel(server);
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const movementsOf = (walletId: number) => db().selectFrom('movement').select('id').where('walletId', '=', walletId).execute();

/** The next movement written fails once with a deadlock, as PostgreSQL aborts one of two crossing transactions. */
async function abortNextMovementOnce(): Promise<void> {
  await sql`CREATE SEQUENCE IF NOT EXISTS test_abort_count`.execute(db());
  await sql`SELECT setval('test_abort_count', 1, false)`.execute(db());
  await sql`CREATE OR REPLACE FUNCTION test_abort_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A sequence is not rolled back with the aborted transaction: only the first call aborts.
      IF nextval('test_abort_count') = 1 THEN RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = '40P01'; END IF;
      RETURN NEW;
    END $$`.execute(db());
  await sql`CREATE TRIGGER test_abort_once BEFORE INSERT ON movement FOR EACH ROW EXECUTE FUNCTION test_abort_once()`.execute(db());
}
afterEach(async () => {
  await sql`DROP TRIGGER IF EXISTS test_abort_once ON movement`.execute(db());
});

describe('money sent on chain is sent once', () => {
  it('a deadlock after a hot wallet sent does not send again: the answer names the hash, the chain moved once, the books did not, and verify names it', async () => {
    const wallet = wallets['Aurora deposits'];
    const [booksBefore, chainBefore, movementsBefore] = [await balanceOf(server, wallet, 'USDT'), await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'), await movementsOf(wallet)];
    await abortNextMovementOnce();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/sys/movement/save',
      headers: { authorization: `Bearer ${await client.token('merchantProFinance')}` },
      payload: { kind: 'transfer', walletId: wallet, to: EXTERNAL, symbol: 'USDT', amount: '7', memo: '' },
    });
    // A server fault, never a 503 that a balancer or client would take as "send it again".
    expect(res.statusCode).toBe(500);
    expect(res.json<{ msg: string }>().msg).toMatch(/The chain executed 0x[0-9a-f]{64}, but the books could not record it\. It will not be sent again/);
    // Once on chain, not twice; nothing in the books.
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chainBefore) + units('7'));
    expect(await balanceOf(server, wallet, 'USDT')).toBe(booksBefore);
    expect(await movementsOf(wallet)).toEqual(movementsBefore);
    const verify = await server.call<LedgerVerifyResult>('GET', '/sys/ledger/verify', { token: await client.token('superAdmin') });
    expect(verify.data.balanced).toBe(false);
    expect(verify.data.breaks).toContainEqual(expect.objectContaining({ kind: 'chainBalance', walletId: wallet, symbol: 'USDT' }));
  });

  it('a deadlock before anything left is re-run as before: on a simulated chain the movement lands once', async () => {
    const wallet = wallets['Delta TRON deposits'];
    const { orgId } = await db().selectFrom('chainWallet').select('orgId').where('id', '=', wallet).executeTakeFirstOrThrow();
    const [booksBefore, movementsBefore] = [await balanceOf(server, wallet, 'TRX'), await movementsOf(wallet)];
    await abortNextMovementOnce();
    const res = await server.call<MovementRecord>('POST', '/sys/movement/save', {
      token: await client.token('multiOrg'),
      orgId,
      body: { kind: 'withdraw', walletId: wallet, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'TRX', amount: '30', memo: '' },
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(await movementsOf(wallet)).toHaveLength(movementsBefore.length + 1);
    // Its entries alone explain the balance's change: amount, fee and gas once, nothing from a first run.
    const entries = await db().selectFrom('ledgerEntry').innerJoin('currency', 'currency.id', 'ledgerEntry.currencyId').select(sql<string>`delta::text`.as('delta')).where('ledgerEntry.walletId', '=', wallet).where('currency.symbol', '=', 'TRX').where('ledgerEntry.movementId', '=', res.data.id).execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(units(await balanceOf(server, wallet, 'TRX'))).toBe(units(booksBefore) + entries.reduce((sum, e) => sum + units(e.delta), 0n));
    expect(entries.reduce((sum, e) => sum + units(e.delta), 0n) <= -(units('30') + units(res.data.fee))).toBe(true);
  });
});
