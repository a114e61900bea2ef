import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, isAddressEqual, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type TestServer } from './harness';
import { ETH_CHAIN, startSignServer, type SignClient, verifyLedger } from './signSupport';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import * as migration034 from '../../server/db/migrations/034_wallet_safe_owners';

// Governance keeps the signer set true (docs/chains.md "Governance on a Safe"): once a signer change
// executes on a Safe, the books' record of its owners and threshold is what the Safe now has, and
// approvals are checked against it.
let server: TestServer, client: SignClient, wallets: Record<string, number>;
const users: Record<string, number> = {};
const NEWCOMER = 'merchantProSigner';
const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const keyOf = (account: string) => privateKeyToAccount(demoSigningKey(account)).address;

beforeAll(async () => {
  ({ server, sign: client, wallets } = await startSignServer());
  const db = server.app.context.db;
  // A member of the org with a registered key who is no signer of Aurora cold yet (the demo password).
  const manager = await db
    .selectFrom('appUser')
    .select(['passwordHash'])
    .where('account', '=', 'merchantProManager')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('appUser')
    .values({ account: NEWCOMER, userName: 'Sid Signer', passwordHash: manager.passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('membership').values({ userId: id, orgId: server.orgIds.proA, roleLevel: 2 }).execute();
  await db
    .insertInto('signingKey')
    .values({ userId: id, address: keyOf(NEWCOMER), registeredAt: new Date() })
    .execute();
  for (const row of await db.selectFrom('appUser').select(['id', 'account']).execute()) users[row.account] = row.id;
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const verify = () => verifyLedger(server, client);
const recorded = async () =>
  (await db().selectFrom('chainWallet').select('safeOwners').where('id', '=', wallets['Aurora cold']).executeTakeFirstOrThrow())
    .safeOwners!;
const onChain = async () => {
  const { address } = await db()
    .selectFrom('chainWallet')
    .select('address')
    .where('id', '=', wallets['Aurora cold'])
    .executeTakeFirstOrThrow();
  const adapter = await server.app.context.chains.adapterFor({ chainId: ETH_CHAIN, family: 'evm', rpcUrl: '' });
  return (await adapter.multisig!.state(getAddress(address)))!;
};
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.some((y) => isAddressEqual(x as Address, y as Address)));
const startTransfer = async (amount: string) => {
  const started = await client.start('merchantProManager', {
    walletId: wallets['Aurora cold'],
    kind: 'transfer',
    to: RECIPIENT,
    amount,
    symbol: 'ETH',
    memo: 'after governance',
  });
  expect(started.code).toBe(200);
  return started.data.proposalId;
};
/** Every Safe wallet's recorded owners, in id order. */
const safeOwnersOfSafes = () =>
  db().selectFrom('chainWallet').select(['id', 'safeOwners']).where('safeSetup', 'is not', null).orderBy('id').execute();
const votesOf = (proposalId: number) =>
  db().selectFrom('proposalVote').select(['signerId', 'vote']).where('proposalId', '=', proposalId).execute();

describe('a signer change executed on a Safe is what approvals are checked against', () => {
  it('migration 034 records each existing Safe’s owners as its signers’ keys and its wallet’s threshold', async () => {
    const before = await safeOwnersOfSafes();
    expect(before.length).toBeGreaterThan(1);
    await migration034.down(db() as never);
    await migration034.up(db() as never);
    const after = await safeOwnersOfSafes();
    expect(after).toEqual(before);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('governance swaps merchantProEmployee for a newcomer: the books record the Safe’s new owners and threshold, as the chain has them', async () => {
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
    const signers = [users.merchantProManager, users.merchantProFinance, users[NEWCOMER]];
    const governance = await client.start('merchantProManager', {
      kind: 'governance',
      walletId: wallets['Aurora cold'],
      signers,
      threshold: 2,
      memo: 'Sid replaces Pete',
    });
    expect(governance.code).toBe(200);
    expect((await client.act('merchantProFinance', 'approval', governance.data.proposalId)).code).toBe(200);
    expect((await client.act('merchantProFinance', 'confirm', governance.data.proposalId)).data).toMatchObject({ status: 'executed' });

    const state = await onChain();
    const books = await recorded();
    expect(sameSet(state.owners, [keyOf('merchantProManager'), keyOf('merchantProFinance'), keyOf(NEWCOMER)])).toBe(true);
    expect(sameSet(books.owners, state.owners)).toBe(true);
    expect(books.threshold).toBe(state.threshold);
    // The creation record is kept: the Safe's address still follows from it.
    const { safeSetup } = await db()
      .selectFrom('chainWallet')
      .select('safeSetup')
      .where('id', '=', wallets['Aurora cold'])
      .executeTakeFirstOrThrow();
    expect(sameSet(safeSetup!.owners, [keyOf('merchantProManager'), keyOf('merchantProFinance'), keyOf('merchantProEmployee')])).toBe(true);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('the new signer approves a money proposal on that Safe, and the Safe executes it', async () => {
    const id = await startTransfer('0.1');
    expect((await client.act(NEWCOMER, 'approval', id)).data).toMatchObject({ status: 'approved', approvalCount: 2 });
    const before = (await onChain()).nonce;
    const confirmed = await client.act(NEWCOMER, 'confirm', id);
    expect(confirmed.data).toMatchObject({ status: 'executed', chainExecution: expect.objectContaining({ network: 'devnet' }) });
    expect((await onChain()).nonce).toBe(before + 1n);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('the removed signer cannot approve, even with a valid signature when the books’ signers are edited to name them again (409, nothing recorded)', async () => {
    const removedFirst = await startTransfer('0.2');
    expect((await client.act('merchantProEmployee', 'approval', removedFirst)).code).not.toBe(200);
    expect((await votesOf(removedFirst)).filter((v) => v.signerId === users.merchantProEmployee)).toEqual([]);

    // The wallet's signers edited behind the code's back: the proposal's frozen signers name them, the Safe does not.
    await db()
      .insertInto('walletSigner')
      .values({ walletId: wallets['Aurora cold'], userId: users.merchantProEmployee, position: 9 })
      .execute();
    try {
      const id = await startTransfer('0.3');
      const refused = await client.act('merchantProEmployee', 'approval', id);
      expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining('is not an owner of this wallet’s Safe') });
      expect((await votesOf(id)).filter((v) => v.signerId === users.merchantProEmployee)).toEqual([]);
      // The ledger's verify names it: the signers' keys are not the Safe's owners.
      expect((await verify()).breaks).toContainEqual(expect.objectContaining({ kind: 'safeOwners', walletId: wallets['Aurora cold'] }));
    } finally {
      await db()
        .deleteFrom('walletSigner')
        .where('walletId', '=', wallets['Aurora cold'])
        .where('userId', '=', users.merchantProEmployee)
        .execute();
    }
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('the books’ record of the owners or threshold edited behind the code’s back is a break of verify, and approvals follow the record', async () => {
    const books = await recorded();
    const swapped = {
      owners: books.owners.map((o) => (isAddressEqual(o as Address, keyOf(NEWCOMER)) ? keyOf('merchantProEmployee') : o)),
      threshold: books.threshold,
    };
    const write = (value: object) =>
      db()
        .updateTable('chainWallet')
        .set({ safeOwners: JSON.stringify(value) as never })
        .where('id', '=', wallets['Aurora cold'])
        .execute();
    try {
      await write(swapped);
      const { breaks } = await verify();
      expect(breaks).toEqual([expect.objectContaining({ kind: 'safeOwners', walletId: wallets['Aurora cold'] })]);
      const id = await startTransfer('0.4');
      expect(await client.act(NEWCOMER, 'approval', id)).toMatchObject({ code: 409 });
      await write({ ...books, threshold: 3 });
      expect((await verify()).breaks).toEqual([
        expect.objectContaining({ kind: 'safeThreshold', walletId: wallets['Aurora cold'], expected: '3', actual: '2' }),
      ]);
    } finally {
      await write(books);
    }
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });
});
