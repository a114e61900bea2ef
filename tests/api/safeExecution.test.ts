import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256, parseEther, stringToHex, type Address, type Hex } from 'viem';
import { encodeExecTransaction, packSignatures } from '../../server/chain/evm/safe';
import { safeTransactionOf } from '../../server/modules/outflow/safeProposal';
import { privateKeyToAccount } from 'viem/accounts';
import { sql } from 'kysely';
import type { ChainAdapter } from '../../server/chain/adapter';
import { type TestServer } from './harness';
import { balanceOf, ethPayout, RECIPIENT, walletAddressesByLabel, startSignServer, type SignClient } from './signSupport';
import { demoSigningKey } from '../../src/contract/demoSigningKey';

// Confirm on a Safe executes on chain, and only what the Safe accepts moves (docs/chains.md "Proposals on Safes").
let server: TestServer, sign: SignClient, chain: ChainAdapter, wallets: Record<string, number>, safe: string;
const transfer = (amount: string) => ethPayout(wallets['Aurora cold'], amount);

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
  safe = (await walletAddressesByLabel(server))['Aurora cold'];
  chain = await server.app.context.chains.adapterFor({ chainId: 1, family: 'evm', rpcUrl: '' });
});
afterAll(() => server?.close());

/** Started by the manager (who signs), approved by finance: ready to confirm. */
async function approvedTransfer(amount: string): Promise<number> {
  const started = await sign.start('merchantProManager', transfer(amount));
  expect(started.code).toBe(200);
  const approved = await sign.act('merchantProFinance', 'approval', started.data.proposalId);
  expect(approved.data.status).toBe('approved');
  return started.data.proposalId;
}

const statusOf = async (id: number) => (await sign.detail('merchantProManager', id)).data.status;
/** After a refused confirm: denied, so the wallet's queue is free for the next test. */
const clear = (id: number) => sign.act('merchantProFinance', 'deny', id, 'cleared by the test');

describe('confirm on a Safe is an execution of the Safe contract', () => {
  it('executes on chain: the recipient receives the amount, the Safe pays exactly amount + fee, and the relayer’s gas goes to the gas report, not the Safe', async () => {
    const id = await approvedTransfer('0.5');
    const { fee } = (await sign.detail('merchantProManager', id)).data as unknown as { fee: string };
    const recipientBefore = await chain.balanceOf(RECIPIENT, null);
    const safeBefore = await chain.balanceOf(safe, null);
    const booksBefore = await balanceOf(server, wallets['Aurora cold'], 'ETH');

    const confirmed = await sign.act('merchantProEmployee', 'confirm', id);
    expect(confirmed.code).toBe(200);
    expect(confirmed.data.status).toBe('executed');
    const txHash = confirmed.data.txHash as string;
    expect((await chain.transaction(txHash)).status).toBe('success');
    expect((await chain.balanceOf(RECIPIENT, null)) - recipientBefore).toBe(parseEther('0.5'));
    expect(safeBefore - (await chain.balanceOf(safe, null))).toBe(parseEther('0.5') + parseEther(fee ?? '0'));
    // The books moved as the chain did: amount and fee, no gas.
    expect(Number(booksBefore) - Number(await balanceOf(server, wallets['Aurora cold'], 'ETH'))).toBeCloseTo(0.5 + Number(fee ?? '0'), 12);
    const gas = await server.app.context.db.selectFrom('gasFee').select(['fee', 'txHash']).where('proposalId', '=', id).execute();
    expect(gas).toHaveLength(1);
    expect(gas[0].txHash).toBe(txHash);
    expect(Number(gas[0].fee)).toBeGreaterThan(0);
  });

  it('a signature swapped in the database for a non-owner’s is refused by the Safe (GS026): 409, nothing moves on chain or in the books, the proposal stays approved', async () => {
    const id = await approvedTransfer('0.25');
    // An insider with database access replaces finance's signature by one of a key that owns nothing.
    const detail = await sign.detail('merchantProFinance', id);
    const outsider = privateKeyToAccount(demoSigningKey('no such signer'));
    const { typedDataFromWire } = await import('../../src/contract/typedDataWire');
    const forged = await outsider.signTypedData(typedDataFromWire(detail.data.signing!.typedData) as never);
    await sql`update proposal_vote set signature = ${forged} where proposal_id = ${id} and signature is not null and signer_id = (select id from app_user where account = 'merchantProFinance')`.execute(
      server.app.context.db,
    );
    const safeBefore = await chain.balanceOf(safe, null);
    const booksBefore = await balanceOf(server, wallets['Aurora cold'], 'ETH');

    const refused = await sign.act('merchantProEmployee', 'confirm', id);
    expect(refused.code).toBe(409);
    expect(refused.msg).toMatch(/GS0\d\d/);
    expect(await chain.balanceOf(safe, null)).toBe(safeBefore);
    expect(await balanceOf(server, wallets['Aurora cold'], 'ETH')).toBe(booksBefore);
    expect(await statusOf(id)).toBe('approved');
    expect(await server.app.context.db.selectFrom('gasFee').select('id').where('proposalId', '=', id).execute()).toEqual([]);
    await clear(id);
  });

  it('a transaction mined and failed (a revert): 409 naming it, the books roll back, and the relayer’s gas is still in the gas report', async () => {
    const id = await approvedTransfer('0.2');
    const booksBefore = await balanceOf(server, wallets['Aurora cold'], 'ETH');
    // The chain answers as when the Safe's state changed between the estimate and the block: mined, failed, gas spent.
    const multisig = chain.multisig as { execute: NonNullable<ChainAdapter['multisig']>['execute'] };
    const real = multisig.execute;
    const reverted = `0x${'7e'.repeat(32)}` as Hex;
    multisig.execute = async () => ({
      outcome: 'reverted',
      txHash: reverted,
      blockNumber: 1n,
      gasUsed: 60_000n,
      fee: 123_000_000_000_000n,
      from: RECIPIENT,
    });
    try {
      const refused = await sign.act('merchantProEmployee', 'confirm', id);
      expect(refused.code).toBe(409);
      expect(refused.msg).toContain(reverted);
    } finally {
      multisig.execute = real;
    }
    expect(await statusOf(id)).toBe('approved');
    expect(await balanceOf(server, wallets['Aurora cold'], 'ETH')).toBe(booksBefore);
    const gas = await server.app.context.db
      .selectFrom('gasFee')
      .select(['txHash', sql<string>`fee::text`.as('fee'), 'reason', 'walletId'])
      .where('proposalId', '=', id)
      .execute();
    expect(gas).toEqual([{ txHash: reverted, fee: '0.000123', reason: 'proposal', walletId: wallets['Aurora cold'] }]);
    await clear(id);
  });

  it('a Safe transaction changed in the database after signing (a larger amount) is refused: the signatures are for the original', async () => {
    const id = await approvedTransfer('0.1');
    await sql`update proposal set safe_tx = jsonb_set(safe_tx, '{value}', to_jsonb(${parseEther('9').toString()}::text)) where id = ${id}`.execute(
      server.app.context.db,
    );
    const safeBefore = await chain.balanceOf(safe, null);
    const refused = await sign.act('merchantProEmployee', 'confirm', id);
    expect(refused.code).toBe(409);
    expect(await chain.balanceOf(safe, null)).toBe(safeBefore);
    expect(await statusOf(id)).toBe('approved');
    await clear(id);
  });

  it('an approval whose signature was cleared in the database leaves the Safe one signature short: refused by its threshold (GS020)', async () => {
    const id = await approvedTransfer('0.1');
    // The books still count two approvals; the chain gets one signature.
    await sql`update proposal_vote set signature = null where proposal_id = ${id} and signer_id = (select id from app_user where account = 'merchantProFinance')`.execute(
      server.app.context.db,
    );
    const safeBefore = await chain.balanceOf(safe, null);
    const refused = await sign.act('merchantProEmployee', 'confirm', id);
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain('GS020');
    expect(await chain.balanceOf(safe, null)).toBe(safeBefore);
    expect(await statusOf(id)).toBe('approved');
    await clear(id);
  });

  it('the next proposal after refused ones executes at the Safe’s current nonce', async () => {
    const id = await approvedTransfer('0.05');
    const confirmed = await sign.act('merchantProEmployee', 'confirm', id);
    expect(confirmed.data.status).toBe('executed');
    expect((await chain.transaction(confirmed.data.txHash as Hex)).status).toBe('success');
  });

  it('a denied proposal’s signatures, leaked and sent by an outsider, are refused by the Safe itself (its execution guard): nothing moves', async () => {
    const id = await approvedTransfer('0.25');
    expect((await sign.act('merchantProEmployee', 'deny', id, 'not this one')).data.status).not.toBe('approved');
    // What an insider could have copied: the stored Safe transaction and a threshold of its approvals' signatures.
    const stored = await server.app.context.db.selectFrom('proposal').select('safeTx').where('id', '=', id).executeTakeFirstOrThrow();
    const votes = await server.app.context.db
      .selectFrom('proposalVote')
      .select(['signature', 'signerAddress'])
      .where('proposalId', '=', id)
      .where('signature', 'is not', null)
      .execute();
    expect(votes.length).toBeGreaterThanOrEqual(2);
    const leaked = votes.map((v) => ({ signer: v.signerAddress as Address, signature: v.signature as Hex }));
    const devnet = await server.app.context.chains.devnetOf(1);
    const outsider = privateKeyToAccount(keccak256(stringToHex('an outsider holding leaked signatures')));
    await devnet.fund(outsider.address, parseEther('1'));
    const [safeBefore, recipientBefore] = [await chain.balanceOf(safe, null), await chain.balanceOf(RECIPIENT, null)];
    const sent = devnet.send(outsider, {
      to: safe as Address,
      data: encodeExecTransaction(safeTransactionOf(stored.safeTx!), packSignatures(leaked)),
    });
    await expect(sent).rejects.toThrow(/RG001/);
    expect(await chain.balanceOf(safe, null)).toBe(safeBefore);
    expect(await chain.balanceOf(RECIPIENT, null)).toBe(recipientBefore);
  });
});
