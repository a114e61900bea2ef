import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startTestServer, type TestServer } from './harness';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import type { ChainAdapter } from '../../server/chain/adapter';
import { readChainUpTo } from './chainSupport';

// A fresh devnet under a seeded database holds what the books say (docs/chains.md "The embedded devnet").
let server: TestServer;
let chain: ChainAdapter;
beforeAll(async () => {
  server = await startTestServer();
  chain = await server.app.context.chains.adapterFor({ chainId: 1, family: 'evm', rpcUrl: '' });
  // The demo's late payments were sent after the books' balances (server/chain/materialize.ts): read, they are deposits in the books too.
  await readChainUpTo(server, 1, await chain.headBlock());
});
afterAll(() => server?.close());

const ledgerBalances = async (label: string) =>
  (
    await sql<{ address: string; contract: string | null; decimals: number; amount: string }>`
      select w.address, c.contract_address as contract, c.decimals, b.amount::text as amount
      from wallet_balance b join chain_wallet w on w.id = b.wallet_id join currency c on c.id = b.currency_id
      where w.label = ${label} and b.amount > 0 order by c.id`.execute(server.app.context.db)
  ).rows;

describe('the devnet under the demo books', () => {
  it('has each seeded multisig wallet as a Safe of its signers’ keys and threshold', async () => {
    const { address } = await server.app.context.db
      .selectFrom('chainWallet')
      .select('address')
      .where('label', '=', 'Aurora cold')
      .executeTakeFirstOrThrow();
    const owners = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'].map(
      (a) => privateKeyToAccount(demoSigningKey(a)).address,
    );
    expect(await chain.multisig?.state(address as Address)).toEqual({ owners, threshold: 2, nonce: 0n });
  });

  it.each(['Aurora cold', 'Birch cold', 'Aurora deposits'])('holds %s’s ledger balances on chain, coin and tokens', async (label) => {
    const rows = await ledgerBalances(label);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(await chain.balanceOf(row.address, row.contract)).toBe(parseUnits(row.amount, row.decimals));
  });
});
