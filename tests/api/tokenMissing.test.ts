import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { type TestServer } from './harness';
import { currencyIdOf, ETH_CHAIN, startSignServer } from './signSupport';
import { postEntries } from '../../server/modules/ledger/post';

// The ledger's chain check with a currency whose token contract the node does not have (docs/ledger.md
// "Verification", `tokenMissing`): that contract is named, and every wallet's other currencies are still compared.
let server: TestServer, wallets: Record<string, number>;
beforeAll(async () => {
  ({ server, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const verify = async () => (await server.as('superAdmin').verifyLedger()).data;
const NOWHERE = getAddress('0x00000000000000000000000000000000deadbeef');

describe('a token contract missing from the node', () => {
  it('is named once as a break of its own, and the wallets’ other currencies are still compared', async () => {
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
    await server.db
      .insertInto('currency')
      .values({
        symbol: 'GONE',
        name: 'Token never deployed',
        chainId: ETH_CHAIN,
        contractAddress: NOWHERE,
        decimals: 6,
        legalTender: 'USD',
        minDeposit: '0',
        minWithdraw: '0',
        withdrawFee: '0',
        enabled: true,
      })
      .execute();
    const result = await verify();
    expect(result.balanced).toBe(false);
    // Named once for the chain, not once per wallet; no wallet is given up as unreadable.
    expect(result.breaks).toEqual([
      expect.objectContaining({ kind: 'tokenMissing', walletId: null, symbol: 'GONE', expected: NOWHERE, actual: '—' }),
    ]);

    // Money the chain never delivered, credited beside it in another currency: still found.
    const wallet = wallets['Aurora deposits'];
    const usdtId = await currencyIdOf(server, ETH_CHAIN, 'USDT');
    await server.db
      .transaction()
      .execute((trx) =>
        postEntries(trx, [{ walletId: wallet, currencyId: usdtId, delta: '7', reason: 'initial credit', txHash: null, at: new Date() }]),
      );
    const after = await verify();
    expect(after.breaks).toContainEqual(expect.objectContaining({ kind: 'tokenMissing', symbol: 'GONE' }));
    expect(after.breaks).toContainEqual(expect.objectContaining({ kind: 'chainBalance', walletId: wallet, symbol: 'USDT' }));
    expect(after.breaks.filter((b) => b.kind === 'chainUnreadable')).toEqual([]);
  });

  it('is the operator’s to read: a merchant’s manager is refused the check', async () => {
    expect((await server.as('merchantProManager').verifyLedger()).code).toBe(403);
  });
});
