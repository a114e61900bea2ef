import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type Isolation, type TestServer } from './harness';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { balanceOf, ETH_GAS, signClient, units, insertMultisig, proposalLedger, startSignServer } from './signSupport';

/**
 * "Exactly once even under concurrent calls" (docs/proposals.md): many calls at once through
 * app.inject. On PGlite (one connection) transactions queue; with DATABASE_URL set
 * they run truly in parallel on PostgreSQL, where the row locks do the work.
 * Every test runs twice: at PostgreSQL's default READ COMMITTED, and at SERIALIZABLE (what
 * CockroachDB and YugabyteDB give), where crossing transactions are aborted with 40001 and the
 * API re-runs them (server/db/retryable.ts): the outcomes must be the same, never a 500.
 */
let server: TestServer;
let sign: ReturnType<typeof signClient>;
let cold: number;
let vault: number;
const RECIPIENT = demoEvmAddress('concurrency recipient');
const SIGNERS = ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'];

async function setUp(isolation: Isolation) {
  let wallets: Record<string, number>;
  ({ server, sign, wallets } = await startSignServer({ isolation }));
  cold = wallets['Aurora cold'];
  // A 3-of-3 cold wallet beside the demo's 2-of-3 one, same org, same signers.
  vault = await insertMultisig(server, {
    orgId: server.orgIds.proA,
    kind: 'MultiSigCold',
    label: 'Aurora vault',
    threshold: 3,
    signers: SIGNERS,
    funds: { ETH: '100' },
  });
  // Sign in first, so the racing calls are not spread out by password hashing.
  for (const account of SIGNERS) await sign.token(account);
}

// Transfers: no fee or minimum, and one of our wallets may receive them.
const withdraw = (walletId: number, amount: string, to: string = RECIPIENT) => ({
  walletId,
  kind: 'transfer',
  to,
  amount,
  symbol: 'ETH',
  memo: 'race',
});
/**
 * Started by the manager, who approves (by starting on the vault, which is no Safe; in a signed
 * 'approval' step right after the start on Aurora cold, a Safe), and approved by the others until
 * `approvals` is reached.
 */
async function proposal(walletId: number, amount: string, approvals: number, to?: string): Promise<number> {
  const started = await sign.start('merchantProManager', withdraw(walletId, amount, to));
  expect(started.code).toBe(200);
  for (const account of SIGNERS.slice(1, approvals)) expect((await sign.act(account, 'approval', started.data.proposalId)).code).toBe(200);
  return started.data.proposalId;
}
const actionsOf = async (proposalId: number) => (await sign.logs('merchantProManager', { proposalId })).data.list.map((l) => l.action);
const ledgerOf = (proposalId: number) => proposalLedger(server, proposalId);
/** Runs the calls at once, in a random order of sending. */
const race = <T>(calls: Array<() => Promise<T>>): Promise<T[]> => {
  const order = calls.map((_, i) => i).sort(() => Math.random() - 0.5);
  const results = new Array<Promise<T>>(calls.length);
  for (const i of order) results[i] = calls[i]();
  return Promise.all(results);
};

describe.each(['read committed', 'serializable'] as const)('exactly once under concurrency at %s', (isolation) => {
  beforeAll(() => setUp(isolation));
  afterAll(() => server?.close());

  it('every transaction of the API runs at this isolation level', async () => {
    const { rows } = await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(server.app.context.db);
    expect(rows[0].level).toBe(isolation);
  });

  it('20 simultaneous confirms: one succeeds, one execution, the balance debited once, one confirm log', async () => {
    const id = await proposal(cold, '2', 2);
    const before = await balanceOf(server, cold, 'ETH');
    const results = await race(Array.from({ length: 20 }, (_, i) => () => sign.act(SIGNERS[i % 3], 'confirm', id)));
    const winners = results.filter((r) => r.code === 200);
    expect(winners).toHaveLength(1);
    // Each loser is refused: the execution is on its way to the chain (docs/chains.md "The intent log"), or done.
    const refusals = results.filter((r) => r.code === 409).map((r) => r.msg);
    expect(refusals).toHaveLength(19);
    for (const msg of refusals)
      expect([
        'This proposal is already executed; nothing more can be done with it.',
        "This proposal's execution is on its way to the chain: it is booked as soon as the chain has it. Nothing else can act on it meanwhile.",
      ]).toContain(msg);
    expect(units(await balanceOf(server, cold, 'ETH'))).toBe(units(before) - units('2'));
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(1);
    // The books are written under the Safe transaction's hash (the Safe's ExecutionSuccess event names it).
    expect(ledger[0].txHash).toBe(winners[0].data.signing!.safeTxHash);
    expect((await actionsOf(id)).filter((a) => a === 'confirm')).toHaveLength(1);
  });

  it("the last signer's approval racing a deny: one consistent outcome each time", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await proposal(cold, '0.1', 1));
    // Aurora cold is a Safe: the approval carries its signature, made before the race so that the
    // approval and the deny are both in flight at once.
    const approvals = await Promise.all(ids.map((id) => sign.preparedApproval('merchantProFinance', id)));
    const outcomes = await Promise.all(ids.map((id, index) => race([approvals[index], () => sign.act('merchantProEmployee', 'deny', id)])));
    for (const [index, [approval, deny]] of outcomes.entries()) {
      const id = ids[index];
      const detail = (await sign.detail('merchantProManager', id)).data;
      // A deny is a veto whether it comes before or after the threshold: it always lands.
      expect(deny.code).toBe(200);
      expect(detail.status).toBe('denied');
      if (approval.code === 200) {
        // Approval first: it reached the threshold, then the veto ended it. (The first 'approval' is
        // the proposer's own, signed right after the start.)
        expect(await actionsOf(id)).toEqual(['start', 'approval', 'approval', 'deny']);
        expect(detail.approvals.map((a) => a.account)).toEqual(['merchantProManager', 'merchantProFinance']);
      } else {
        expect(approval).toMatchObject({ code: 409, msg: 'This proposal is already denied; nothing more can be done with it.' });
        expect(await actionsOf(id)).toEqual(['start', 'approval', 'deny']);
        expect(detail.approvals.map((a) => a.account)).toEqual(['merchantProManager']);
      }
      expect(detail.denials.map((d) => d.account)).toEqual(['merchantProEmployee']);
    }
  });

  it('a confirm racing a deny: executed with its ledger, or denied with nothing moved — never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await proposal(cold, '0.25', 2);
      const before = await balanceOf(server, cold, 'ETH');
      const [confirm, deny] = await race([
        () => sign.act('merchantProFinance', 'confirm', id),
        () => sign.act('merchantProEmployee', 'deny', id),
      ]);
      const { status } = (await sign.detail('merchantProManager', id)).data;
      const ledger = await ledgerOf(id);
      if (status === 'executed') {
        expect([confirm.code, deny.code]).toEqual([200, 409]);
        expect(ledger).toHaveLength(1);
        expect(units(await balanceOf(server, cold, 'ETH'))).toBe(units(before) - units('0.25'));
        // The proposer's signed approval, then merchantProFinance's, then the confirm.
        expect(await actionsOf(id)).toEqual(['start', 'approval', 'approval', 'confirm']);
      } else {
        expect(status).toBe('denied');
        expect([confirm.code, deny.code]).toEqual([409, 200]);
        expect(ledger).toEqual([]);
        expect(await balanceOf(server, cold, 'ETH')).toBe(before);
        expect(await actionsOf(id)).toEqual(['start', 'approval', 'approval', 'deny']);
      }
    }
  });

  it('two approvals at once on a 3-of-3 wallet both count: the proposal is approved with 3 of 3', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await proposal(vault, '0.1', 1));
    const results = await Promise.all(
      ids.map((id) => race([() => sign.act('merchantProFinance', 'approval', id), () => sign.act('merchantProEmployee', 'approval', id)])),
    );
    expect(results.flat().map((r) => r.code)).toEqual(Array(8).fill(200));
    for (const id of ids) {
      expect((await sign.detail('merchantProManager', id)).data).toMatchObject({ status: 'approved', approvalCount: 3 });
      expect((await actionsOf(id)).sort()).toEqual(['approval', 'approval', 'start']);
    }
    // Clean up the queue of the vault for the next tests.
    for (const id of ids) await sign.act('merchantProManager', 'deny', id);
  });

  it('10 starts at once on one wallet take 10 different, consecutive nonces', async () => {
    const results = await race(Array.from({ length: 10 }, (_, i) => () => sign.start(SIGNERS[0], withdraw(cold, `0.00${i + 1}`))));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(200));
    const nonces = results.map((r) => r.data.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 10 }, (_, i) => nonces[0] + i));
    await Promise.all(results.map((r) => sign.act('merchantProEmployee', 'deny', r.data.proposalId)));
  });

  it('confirms of nonce n and n+1 at once: n+1 never executes before n', async () => {
    for (let round = 0; round < 3; round += 1) {
      const lower = await proposal(cold, '0.01', 2);
      const higher = await proposal(cold, '0.01', 2);
      const lowerNonce = (await sign.detail('merchantProManager', lower)).data.nonce;
      const [higherResult, lowerResult] = await race([
        () => sign.act('merchantProFinance', 'confirm', higher),
        () => sign.act('merchantProEmployee', 'confirm', lower),
      ]);
      expect(lowerResult.data.status).toBe('executed');
      if (higherResult.code === 200) {
        const [lowerEntry] = await ledgerOf(lower);
        const [higherEntry] = await ledgerOf(higher);
        expect(higherEntry.id).toBeGreaterThan(lowerEntry.id);
      } else {
        expect(higherResult).toMatchObject({ code: 409, msg: `Aurora cold · #${lowerNonce} must be executed first.` });
        expect((await sign.act('merchantProFinance', 'confirm', higher)).data.status).toBe('executed');
      }
    }
  });

  it('transfers in opposite directions between two of our wallets, executed at once, both complete', async () => {
    const { db } = server.app.context;
    const addressOf = async (id: number) =>
      (await db.selectFrom('chainWallet').select('address').where('id', '=', id).executeTakeFirstOrThrow()).address;
    for (let round = 0; round < 3; round += 1) {
      const [coldBefore, vaultBefore] = [await balanceOf(server, cold, 'ETH'), await balanceOf(server, vault, 'ETH')];
      const toVault = await proposal(cold, '1', 2, await addressOf(vault));
      const toCold = await proposal(vault, '0.4', 3, await addressOf(cold));
      const results = await race([
        () => sign.act('merchantProFinance', 'confirm', toVault),
        () => sign.act('merchantProEmployee', 'confirm', toCold),
      ]);
      expect(results.map((r) => [r.code, r.data.status])).toEqual([
        [200, 'executed'],
        [200, 'executed'],
      ]);
      expect(units(await balanceOf(server, cold, 'ETH'))).toBe(units(coldBefore) - units('1') + units('0.4'));
      expect(units(await balanceOf(server, vault, 'ETH'))).toBe(units(vaultBefore) + units('1') - units('0.4') - units(ETH_GAS));
    }
  });

  it('reads and actions racing on proposals past their time: each is marked expired once, with one log entry', async () => {
    const ids = [await proposal(cold, '0.01', 1), await proposal(vault, '0.01', 2)];
    const logged = await Promise.all(ids.map(actionsOf));
    server.advanceClock(server.app.context.config.proposalTtlHours * 3_600_000 + 1000);
    sign.forgetSessions();
    for (const account of SIGNERS) await sign.token(account);
    // On Aurora cold (a Safe) the approval is signed before the race, so it races as one request.
    const approvals = await Promise.all(ids.map((id) => sign.preparedApproval('merchantProEmployee', id)));
    const results = await race<{ code: number }>([
      ...Array.from({ length: 6 }, () => () => sign.list('merchantProManager')),
      ...ids.flatMap((id, index) => [
        () => sign.detail('merchantProFinance', id),
        approvals[index],
        () => sign.act('merchantProFinance', 'deny', id),
      ]),
    ]);
    for (const result of results) expect([200, 409]).toContain(result.code);
    for (const [index, id] of ids.entries()) {
      expect((await sign.detail('merchantProManager', id)).data.status).toBe('expired');
      // One 'expire' entry, and no approval or deny of the racing calls got in.
      expect(await actionsOf(id)).toEqual([...logged[index], 'expire']);
    }
  });
});
