import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, hashTypedData, recoverTypedDataAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type TestServer } from './harness';
import { demoKeySignatures, ethPayout, startSignServer, type SignClient } from './signSupport';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import { typedDataFromWire } from '../../src/contract/typedDataWire';
import { devnetChainId } from '../../server/chain/registry';
import { ApiPath } from '../../src/contract/apiPaths';

// Approvals on a Safe carry the signer's EIP-712 signature of the Safe transaction (docs/chains.md "Proposals on Safes").
let server: TestServer, sign: SignClient, wallets: Record<string, number>, addresses: Record<string, string>;
const transfer = (amount = '1.5') => ethPayout(wallets['Aurora cold'], amount);

beforeAll(async () => {
  ({ server, sign, wallets, addresses } = await startSignServer());
});
afterAll(() => server?.close());

const start = async (amount?: string) => {
  const started = await sign.startUnsigned('merchantProManager', transfer(amount));
  expect(started.code).toBe(200);
  return started.data.proposalId;
};
const votesOf = (proposalId: number) =>
  server.app.context.db.selectFrom('proposalVote').select(['signerId', 'vote', 'signature']).where('proposalId', '=', proposalId).execute();

describe('a proposal on a Safe is signed, and the server checks whose signature it is', () => {
  it('the detail hands out the Safe transaction to sign, bound to the devnet’s chain id and the wallet’s Safe', async () => {
    const id = await start();
    const { data } = await sign.detail('merchantProFinance', id);
    expect(data.signing).not.toBeNull();
    const typed = typedDataFromWire(data.signing!.typedData);
    expect(typed.domain).toEqual({ chainId: devnetChainId(1), verifyingContract: getAddress(addresses['Aurora cold']) });
    expect(typed.primaryType).toBe('SafeTx');
    expect(hashTypedData(typed as never)).toBe(data.signing!.safeTxHash);
  });

  it('a signer’s own signature is taken and kept with the vote; it recovers to their key', async () => {
    const id = await start();
    const signature = await sign.signature('merchantProFinance', id);
    const answer = await sign.approveSigned('merchantProFinance', id, signature);
    expect(answer).toMatchObject({ code: 200, data: { status: 'pending', approvalCount: 1 } });
    const stored = (await votesOf(id)).find((v) => v.signature !== null);
    expect(stored?.signature).toBe(signature);
    const { data } = await sign.detail('merchantProFinance', id);
    const signer = await recoverTypedDataAddress({ ...typedDataFromWire(data.signing!.typedData), signature: signature as Hex } as never);
    expect(signer).toBe(privateKeyToAccount(demoSigningKey('merchantProFinance')).address);
  });

  it('another signer’s signature, or one of another proposal, is refused and no vote is cast', async () => {
    const id = await start();
    const other = await start('2');
    const financeSigned = await sign.signature('merchantProFinance', id);
    const borrowed = await sign.approveSigned('merchantProEmployee', id, financeSigned);
    expect(borrowed).toMatchObject({
      code: 400,
      data: { signature: 'This signature is not your registered key’s signature of this proposal.' },
    });
    const ofOther = await sign.approveSigned('merchantProEmployee', id, await sign.signature('merchantProEmployee', other));
    expect(ofOther.code).toBe(400);
    expect(await votesOf(id)).toHaveLength(0);
    expect((await sign.detail('merchantProEmployee', id)).data).toMatchObject({ status: 'pending', approvalCount: 0 });
  });

  it('starting is not approving on a Safe, and an approval without a signature is a 400 on the field', async () => {
    const id = await start();
    expect((await sign.detail('merchantProManager', id)).data).toMatchObject({
      status: 'pending',
      approvalCount: 0,
      myActions: expect.arrayContaining(['approval']),
    });
    const unsigned = await server.call('POST', ApiPath.sign.approval, {
      token: await sign.token('merchantProManager'),
      body: { proposalId: id, comment: '' },
    });
    expect(unsigned).toMatchObject({
      code: 400,
      data: { signature: 'On a Safe an approval is a signature: sign the proposal with your key.' },
    });
    expect(await votesOf(id)).toHaveLength(0);
  });

  it('the signatures at lower Safe nonces must be the signer’s own of this same transaction; anything else is a 400 on the field and no vote is cast', async () => {
    await start();
    const id = await start();
    const { data } = await sign.detail('merchantProFinance', id);
    const own = BigInt(data.signing!.typedData.message.nonce as string);
    expect(data.signing!.lower.length).toBeGreaterThan(0);
    expect(data.signing!.lower.every((l) => BigInt(l.safeNonce) < own)).toBe(true);
    const mine = await demoKeySignatures('merchantProFinance', data.signing!);
    const theirs = await demoKeySignatures('merchantProEmployee', data.signing!);
    const [lowest] = Object.keys(mine.lowerSignatures);
    const post = async (body: Record<string, unknown>) =>
      server.call('POST', ApiPath.sign.approval, {
        token: await sign.token('merchantProFinance'),
        body: { proposalId: id, comment: '', ...body },
      });
    const refusal = { code: 400, data: { lowerSignatures: 'This signature is not your registered key’s signature of this proposal.' } };
    // Another signer's signature at a lower nonce.
    expect(
      await post({ signature: mine.signature, lowerSignatures: { ...mine.lowerSignatures, [lowest]: theirs.lowerSignatures[lowest] } }),
    ).toMatchObject(refusal);
    // The signature at its own nonce passed off as a lower one, or a "lower" nonce that is not lower.
    expect(await post({ signature: mine.signature, lowerSignatures: { [lowest]: mine.signature } })).toMatchObject(refusal);
    expect(await post({ signature: mine.signature, lowerSignatures: { [own.toString()]: mine.signature } })).toMatchObject(refusal);
    // More than the API takes.
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, n) => [String(n), mine.signature]));
    expect(await post({ signature: mine.signature, lowerSignatures: many })).toMatchObject({
      code: 400,
      data: { lowerSignatures: expect.any(String) },
    });
    expect(await votesOf(id)).toHaveLength(0);
    expect((await post(mine)).code).toBe(200);
    const stored = await server.app.context.db
      .selectFrom('proposalVote')
      .select('lowerSignatures')
      .where('proposalId', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.lowerSignatures).toEqual(mine.lowerSignatures);
  });

  it('a malformed signature is a 400 on the field', async () => {
    const id = await start();
    const answer = await sign.approveSigned('merchantProFinance', id, '0x1234');
    expect(answer).toMatchObject({ code: 400, data: { signature: 'A signature is 0x and 130 hex digits.' } });
  });

  it('a signer whose key is gone, or whose key is not an owner of the Safe, cannot approve with it', async () => {
    const id = await start();
    const { db } = server.app.context;
    const employee = await db.selectFrom('appUser').select('id').where('account', '=', 'merchantProEmployee').executeTakeFirstOrThrow();
    const key = await db.selectFrom('signingKey').selectAll().where('userId', '=', employee.id).executeTakeFirstOrThrow();
    const outsider = generatePrivateKey();
    try {
      // The key row changed behind the API's back (the API refuses a key swap for a Safe owner).
      await db
        .updateTable('signingKey')
        .set({ address: privateKeyToAccount(outsider).address })
        .where('userId', '=', employee.id)
        .execute();
      const { data } = await sign.detail('merchantProEmployee', id);
      const signature = await privateKeyToAccount(outsider).signTypedData(typedDataFromWire(data.signing!.typedData) as never);
      expect(await sign.approveSigned('merchantProEmployee', id, signature)).toMatchObject({
        code: 409,
        msg: expect.stringContaining('is not an owner of this wallet’s Safe'),
      });
      await db.deleteFrom('signingKey').where('userId', '=', employee.id).execute();
      expect(await sign.approveSigned('merchantProEmployee', id, signature)).toMatchObject({
        code: 409,
        msg: expect.stringContaining('Register your signing key'),
      });
      expect(await votesOf(id)).toHaveLength(0);
    } finally {
      await db.deleteFrom('signingKey').where('userId', '=', employee.id).execute();
      await db.insertInto('signingKey').values(key).execute();
    }
  });
});
