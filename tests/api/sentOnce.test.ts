import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { balanceOf, chainHoldingOf, ETH_CHAIN, units, startSignServer } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import type { MovementRecord } from '../../src/contract/schemas/movement';

/**
 * A database abort (deadlock, serialization failure) re-runs a request whole; once the request has
 * sent money on chain it must not (server/chain/chainMoves.ts, docs/chains.md "Sent once"): the
 * second run would send it again. The abort is made by a trigger that raises a deadlock (40P01) on
 * the first movement written, after the wallet has sent.
 */
const EXTERNAL = getAddress('0x3333333333333333333333333333333333333333');

let server: TestServer, wallets: Record<string, number>;
beforeAll(async () => {
  ({ server, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const movementsOf = (walletId: number) => server.db.selectFrom('movement').select('id').where('walletId', '=', walletId).execute();

/** The next row written to `table` fails once with a deadlock, as PostgreSQL aborts one of two crossing transactions. */
async function abortNextInsertOnce(table: 'movement' | 'ledger_entry'): Promise<void> {
  await sql`CREATE SEQUENCE IF NOT EXISTS test_abort_count`.execute(server.db);
  await sql`SELECT setval('test_abort_count', 1, false)`.execute(server.db);
  await sql`CREATE OR REPLACE FUNCTION test_abort_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A sequence is not rolled back with the aborted transaction: only the first call aborts.
      IF nextval('test_abort_count') = 1 THEN RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = '40P01'; END IF;
      RETURN NEW;
    END $$`.execute(server.db);
  await sql`CREATE TRIGGER test_abort_once BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION test_abort_once()`.execute(
    server.db,
  );
}
const abortNextMovementOnce = () => abortNextInsertOnce('movement');
afterEach(async () => {
  await sql`DROP TRIGGER IF EXISTS test_abort_once ON movement`.execute(server.db);
  await sql`DROP TRIGGER IF EXISTS test_abort_once ON ledger_entry`.execute(server.db);
});

describe('money sent on chain is sent once', () => {
  it('a deadlock while booking what a hot wallet sent books it again, never sends it again: the chain moved once, the books once, verify clean', async () => {
    const wallet = wallets['Aurora deposits'];
    const [booksBefore, chainBefore, movementsBefore] = [
      await balanceOf(server, wallet, 'USDT'),
      await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'),
      await movementsOf(wallet),
    ];
    // The first ledger entry written is the booking of the transfer, after the chain moved (docs/chains.md "The intent log").
    await abortNextInsertOnce('ledger_entry');
    const res = await server
      .as('merchantProFinance')
      .resource(ApiPath.movement)
      .save({ kind: 'transfer', walletId: wallet, to: EXTERNAL, symbol: 'USDT', amount: '7', memo: '' });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.data).toMatchObject({ status: 'executed', amount: '7' });
    // Once on chain, once in the books, one movement.
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(chainBefore) + units('7'));
    expect(units(await balanceOf(server, wallet, 'USDT'))).toBe(units(booksBefore) - units('7'));
    expect(await movementsOf(wallet)).toHaveLength(movementsBefore.length + 1);
    const verify = await server.as('superAdmin').verifyLedger();
    expect(verify.data.breaks.filter((b) => b.walletId === wallet)).toEqual([]);
  });

  it('a deadlock before anything left is re-run as before: on a simulated chain the movement lands once', async () => {
    const wallet = wallets['Delta TRON deposits'];
    const { orgId } = await server.db.selectFrom('chainWallet').select('orgId').where('id', '=', wallet).executeTakeFirstOrThrow();
    const [booksBefore, movementsBefore] = [await balanceOf(server, wallet, 'TRX'), await movementsOf(wallet)];
    await abortNextMovementOnce();
    const res = await server.as('multiOrg').call<MovementRecord>('POST', ApiPath.movement.save, {
      orgId,
      body: { kind: 'withdraw', walletId: wallet, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'TRX', amount: '30', memo: '' },
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(await movementsOf(wallet)).toHaveLength(movementsBefore.length + 1);
    // Its entries alone explain the balance's change: amount, fee and gas once, nothing from a first run.
    const entries = await server.db
      .selectFrom('ledgerEntry')
      .innerJoin('currency', 'currency.id', 'ledgerEntry.currencyId')
      .select(sql<string>`delta::text`.as('delta'))
      .where('ledgerEntry.walletId', '=', wallet)
      .where('currency.symbol', '=', 'TRX')
      .where('ledgerEntry.movementId', '=', res.data.id)
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(units(await balanceOf(server, wallet, 'TRX'))).toBe(units(booksBefore) + entries.reduce((sum, e) => sum + units(e.delta), 0n));
    expect(entries.reduce((sum, e) => sum + units(e.delta), 0n) <= -(units('30') + units(res.data.fee))).toBe(true);
  });
});
