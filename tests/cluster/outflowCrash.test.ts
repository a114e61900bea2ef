import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPublicClient, getAddress, http, parseEther, type Address } from 'viem';
import { clusterForFile, until } from './clusterFixture';
import { approveSigned, type Instance } from './instance';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * A process killed in the middle of a withdrawal (docs/chains.md "The intent log"): the chain
 * transaction was recorded and handed to the node, and the books were not written. The restarted
 * process finishes it from what the chain says: the money leaves once, the books say so once, and
 * the ledger's verify is clean. Two cuts: right after the node took the transaction (the devnet's
 * journal does not have it yet, so the restarted chain has not got it: it is sent again, as the
 * very same transaction), and after it was mined (found again by its hash).
 * The kill is the server's own (OUTFLOW_FAULT, server/modules/outflow/faultPoint.ts): a kill -9 at
 * that exact point, which no outside timing could hit.
 */
const DATABASE = 'custody';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-crash-'));
const ETH_CHAIN = 1;
/** How long the database stays away in the chaos run: a fixed outage, as a restart takes (not a wait for a condition). */
const OUTAGE_MS = 3_000;

const fixture = clusterForFile(
  DATABASE,
  ({ cluster }) => ({
    DATABASE_URL: cluster.url(DATABASE),
    DATA_DIR: dataDir,
    SEED: 'demo',
    EXPIRY_SWEEP_MS: '1000',
    DEPOSIT_WATCH_MS: '0',
  }),
  () => fs.rmSync(dataDir, { recursive: true, force: true }),
);
const { launch, query, showLogsOnFailure } = fixture;

/** The native coin an address holds on the instance's devnet, read through its public RPC door. */
async function chainBalance(instance: Instance, address: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(`${instance.base}/devnet/${ETH_CHAIN}`) });
  return client.getBalance({ address });
}

async function withdrawAndDie(instance: Instance, to: Address): Promise<number> {
  const [wallet] = await query<{ id: number }>(`select id from chain_wallet where label = 'Aurora deposits'`);
  const token = await instance.login('merchantProFinance');
  const body = { kind: 'withdraw', walletId: wallet.id, to, symbol: 'ETH', amount: '0.1', memo: 'crash test' };
  // The process kills itself mid-way: the request never gets its answer.
  await expect(instance.call('POST', ApiPath.movement.save, { token, body })).rejects.toThrow();
  expect(await instance.exited).toBeNull();
  const [movement] = await query<{ id: number; status: string }>(
    `select id, status from movement where memo = 'crash test' and to_address = $1`,
    [to],
  );
  expect(movement.status).toBe('sending');
  return movement.id;
}

async function expectFinishedOnce(instance: Instance, movementId: number, to: Address) {
  const settled = await until(
    () => query<{ status: string; tx_hash: string | null }>('select status, tx_hash from movement where id = $1', [movementId]),
    ([m]) => m.status !== 'sending',
    120_000,
  );
  expect(settled[0]).toMatchObject({ status: 'executed', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  // Sent once: the destination holds the amount once, and one transaction of the wallet's is booked for it.
  expect(await chainBalance(instance, to)).toBe(parseEther('0.1'));
  const entries = await query<{ reason: string }>('select reason from ledger_entry where movement_id = $1 order by id', [movementId]);
  expect(entries.filter((e) => e.reason === 'movement')).toHaveLength(1);
  const intents = await query<{ state: string; settled: boolean }>(
    'select state, settled_at is not null as settled from chain_intent where movement_id = $1 order by step',
    [movementId],
  );
  expect(intents).toEqual([
    { state: 'mined', settled: true },
    { state: 'mined', settled: true },
  ]);
  const verify = await instance.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: await instance.login('superAdmin') });
  expect(verify.body.data.breaks).toEqual([]);
}

describe('a process killed between sending and booking', () => {
  it('killed once the node took the transaction: the restart sends the very same transaction, once, and books it', async () => {
    showLogsOnFailure();
    const to = getAddress(`0x${'c1'.repeat(20)}`);
    const first = await launch('cut-after-handover', { OUTFLOW_FAULT: 'handedOver' });
    await first.ready();
    const movementId = await withdrawAndDie(first, to);
    const second = await launch('restarted-1');
    await second.ready();
    await expectFinishedOnce(second, movementId, to);
    await second.stop();
  }, 400_000);

  it('killed once the transaction was mined: the restart finds it by its hash and books it, sending nothing', async () => {
    showLogsOnFailure();
    const to = getAddress(`0x${'c2'.repeat(20)}`);
    const first = await launch('cut-after-mined', { OUTFLOW_FAULT: 'mined' });
    await first.ready();
    const movementId = await withdrawAndDie(first, to);
    const second = await launch('restarted-2');
    await second.ready();
    await expectFinishedOnce(second, movementId, to);
    await second.stop();
  }, 400_000);

  it('the database restarted while withdrawals and Safe confirms run: each is booked once or nothing was sent; the books equal the chain', async () => {
    showLogsOnFailure();
    const instance = await launch('chaos');
    await instance.ready();
    const [finance, manager, employee] = [
      await instance.login('merchantProFinance'),
      await instance.login('merchantProManager'),
      await instance.login('merchantProEmployee'),
    ];
    const [hot] = await query<{ id: number }>(`select id from chain_wallet where label = 'Aurora deposits'`);
    const [cold] = await query<{ id: number }>(`select id from chain_wallet where label = 'Aurora cold'`);
    const target = (i: number) => getAddress(`0x${(0xd0 + i).toString(16).repeat(20)}`);
    // Three Safe transfers started and approved (the manager, then finance), ready to confirm in nonce order.
    const proposals: Array<{ id: number; to: Address }> = [];
    for (let i = 0; i < 3; i += 1) {
      const to = target(10 + i);
      const started = await instance.call<{ proposalId: number }>('POST', ApiPath.sign.start, {
        token: manager,
        body: { walletId: cold.id, kind: 'transfer', to, amount: '0.01', symbol: 'ETH', memo: 'chaos' },
      });
      expect(started.body.code, JSON.stringify(started.body)).toBe(200);
      expect((await approveSigned(instance, manager, 'merchantProManager', started.body.data.proposalId)).body.code).toBe(200);
      expect((await approveSigned(instance, finance, 'merchantProFinance', started.body.data.proposalId)).body.code).toBe(200);
      proposals.push({ id: started.body.data.proposalId, to });
    }
    const withdrawals = Array.from({ length: 4 }, (_, i) => target(i));
    // Everything at once; a refused connection or a 503 is an outcome like any other.
    const calls = [
      ...withdrawals.map((to) =>
        instance
          .call('POST', ApiPath.movement.save, {
            token: finance,
            body: { kind: 'withdraw', walletId: hot.id, to, symbol: 'ETH', amount: '0.01', memo: 'chaos' },
          })
          .catch(() => null),
      ),
      (async () => {
        for (const proposal of proposals)
          await instance
            .call('POST', ApiPath.sign.confirm, { token: employee, body: { proposalId: proposal.id, comment: '' } })
            .catch(() => null);
      })(),
    ];
    // The database goes away as soon as the first outflow is recorded, for a few seconds.
    await until(
      () =>
        query<{ count: string }>(
          'select count(*) from chain_intent where movement_id in (select id from movement where memo = $1) or proposal_id = any($2)',
          ['chaos', proposals.map((p) => p.id)],
        ),
      ([r]) => Number(r.count) > 0,
      60_000,
    );
    fixture.cluster.stop();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    fixture.cluster.start();
    await Promise.all(calls);
    // Whatever was left midway is finished by the instance's resume (its lease runs out in seconds).
    await until(
      () => query<{ count: string }>('select count(*) from chain_intent where settled_at is null'),
      ([r]) => Number(r.count) === 0,
      120_000,
    );
    for (const to of withdrawals) {
      const rows = await query<{ status: string }>(`select status from movement where to_address = $1 and memo = 'chaos'`, [to]);
      const onChain = await chainBalance(instance, to);
      // Sent once and booked once, or nothing sent and nothing booked.
      expect(rows.every((m) => m.status !== 'sending')).toBe(true);
      expect(onChain).toBe(rows.some((m) => m.status === 'executed') ? parseEther('0.01') : 0n);
      expect(rows.filter((m) => m.status === 'executed').length).toBeLessThanOrEqual(1);
    }
    for (const proposal of proposals) {
      const [row] = await query<{ status: string }>('select status from proposal where id = $1', [proposal.id]);
      expect(await chainBalance(instance, proposal.to)).toBe(row.status === 'executed' ? parseEther('0.01') : 0n);
    }
    const verify = await instance.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: await instance.login('superAdmin') });
    expect(verify.body.data.breaks).toEqual([]);
    await instance.stop();
  }, 500_000);
});
