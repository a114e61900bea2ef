import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';
import {
  balanceOf,
  demoKeyAddress,
  ETH_CHAIN,
  TRON_CHAIN,
  units,
  startSignServer,
  type SignClient,
  insertMultisig,
  proposalLedger,
} from './signSupport';
import { expireOverdue } from '../../server/modules/outflow/expiry';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer, sign: SignClient, wallets: Record<string, number>;
const RECIPIENT = demoEvmAddress('external recipient');

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const coldTransfer = (overrides: Record<string, unknown> = {}) => ({
  walletId: wallets['Aurora cold'],
  kind: 'transfer',
  to: RECIPIENT,
  amount: '1.5',
  symbol: 'ETH',
  memo: 'payout',
  ...overrides,
});
const ledgerOf = (proposalId: number) => proposalLedger(server, proposalId);

/**
 * A confirm on a Safe whose signed nonce is past the Safe's (a proposal before it closed without
 * executing): refused with the reason, nothing booked, still approved (docs/chains.md "Nonce gaps").
 */
async function expectSafeNonceGap(proposalId: number) {
  const balanceBefore = await balanceOf(server, wallets['Birch cold'], 'ETH');
  const refused = await sign.act('merchantStdEmployee', 'confirm', proposalId);
  expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining('which the Safe will not reach') });
  expect((await sign.detail('merchantStdFinance', proposalId)).data).toMatchObject({ status: 'approved', txHash: null });
  expect(await ledgerOf(proposalId)).toEqual([]);
  expect(await balanceOf(server, wallets['Birch cold'], 'ETH')).toBe(balanceBefore);
}

describe('the demo seed', () => {
  it('has proposals in every status, each with votes and a log that tell its story', async () => {
    const { data } = await sign.list('merchantProManager', { sort: 'id' });
    expect(new Set(data.list.map((p) => p.status))).toEqual(new Set(['pending', 'approved', 'executed', 'denied', 'expired']));
    for (const proposal of data.list) {
      const detail = (await sign.detail('merchantProManager', proposal.id)).data;
      const logs = (await sign.logs('merchantProManager', { proposalId: proposal.id })).data.list;
      const actions = logs.map((l) => l.action);
      expect(actions[0]).toBe('start');
      // On a Safe starting is not approving: the proposer's approval is its own signed step, right after
      // the start, and every vote has its log entry. Elsewhere the start is the proposer's vote.
      const safe = detail.signing !== null;
      if (safe) expect(logs[1]).toMatchObject({ action: 'approval', actor: proposal.proposer });
      expect(actions.filter((a) => a === 'approval')).toHaveLength(safe ? detail.approvals.length : detail.approvals.length - 1);
      expect(actions.filter((a) => a === 'deny')).toHaveLength(detail.denials.length);
      const reached = detail.approvals.length >= detail.threshold;
      const expected = {
        pending: { reached: false, last: safe ? 'approval' : 'start', txHash: null },
        approved: { reached: true, last: 'approval', txHash: null },
        executed: { reached: true, last: 'confirm', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
        denied: { reached, last: 'deny', txHash: null },
        expired: { reached: false, last: 'expire', txHash: null },
      }[detail.status as 'pending'];
      expect({ reached, last: actions.at(-1), txHash: detail.txHash }).toEqual(expected);
    }
    // Nonces run 1, 2, 3… per wallet in the order the proposals started.
    const cold = data.list.filter((p) => p.walletId === wallets['Aurora cold']);
    expect(cold.map((p) => p.nonce)).toEqual([1, 2, 3]);
    expect(cold.map((p) => p.createdAt)).toEqual([...cold.map((p) => p.createdAt)].sort());
  });
});

describe('a 2-of-3 transfer from start to execution', () => {
  it('merchantProManager starts, merchantProFinance approves, a confirm executes once with tx hash, balance, ledger and log', async () => {
    const before = await balanceOf(server, wallets['Aurora cold'], 'ETH');
    const started = await sign.start('merchantProManager', coldTransfer());
    expect(started).toMatchObject({ code: 200, data: { walletLabel: 'Aurora cold', nonce: 4, status: 'pending' } });
    const id = started.data.proposalId;

    const afterStart = (await sign.detail('merchantProFinance', id)).data;
    expect(afterStart).toMatchObject({
      proposalId: id,
      status: 'pending',
      threshold: 2,
      approvalCount: 1,
      nonce: 4,
      txHash: null,
      explorerUrl: 'https://etherscan.io',
      to: RECIPIENT,
      amount: '1.5',
    });
    // Aurora cold is a Safe: the approval is a signature, recovering to the signer's own key.
    expect(afterStart.approvals).toEqual([
      {
        signerId: expect.any(Number),
        account: 'merchantProManager',
        userName: expect.any(String),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        comment: '',
        signerAddress: demoKeyAddress('merchantProManager'),
      },
    ]);
    expect(afterStart.signers.map((s) => [s.account, s.state])).toEqual([
      ['merchantProManager', 'approved'],
      ['merchantProFinance', 'waiting'],
      ['merchantProEmployee', 'waiting'],
    ]);
    expect(afterStart.myActions).toEqual(['approval', 'deny']);

    const approved = await sign.act('merchantProFinance', 'approval', id, 'looks right');
    expect(approved.data).toMatchObject({
      status: 'approved',
      approvalCount: 2,
      isNext: true,
      blockedByNonce: null,
      myActions: ['deny', 'confirm'],
    });
    expect(approved.data.approvals.map((a) => [a.account, a.comment])).toEqual([
      ['merchantProManager', ''],
      ['merchantProFinance', 'looks right'],
    ]);

    const executed = await sign.act('merchantProEmployee', 'confirm', id, 'sent');
    expect(executed.data).toMatchObject({ status: 'executed', myActions: [], isNext: false });
    expect(executed.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(executed.data.executedAt).toBeTruthy();
    // The relayer paid the gas, not the Safe (docs/chains.md "Proposals on Safes").
    const after = await balanceOf(server, wallets['Aurora cold'], 'ETH');
    expect(units(after)).toBe(units(before) - units('1.5'));
    // The chain's receipt is kept for the transaction view.
    expect(executed.data.chainExecution).toMatchObject({
      network: 'devnet',
      feeSymbol: 'ETH',
      to: executed.data.walletAddress,
      blockNumber: expect.stringMatching(/^[1-9]\d*$/),
    });
    expect(Number(executed.data.chainExecution!.gasUsed)).toBeGreaterThan(21_000);

    // The books are written under the Safe transaction's hash (the Safe's ExecutionSuccess event names it).
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ walletId: wallets['Aurora cold'], reason: 'proposal', txHash: executed.data.signing!.safeTxHash });
    expect(units(ledger[0].delta)).toBe(-units('1.5'));
    expect(units(ledger[0].balanceAfter)).toBe(units(after));

    // Aurora cold is a Safe: the proposer's approval is its own signed step right after the start.
    const logs = (await sign.logs('merchantProManager', { proposalId: id })).data;
    expect(logs.list.map((l) => [l.action, l.actor, l.comment])).toEqual([
      ['start', 'merchantProManager', 'payout'],
      ['approval', 'merchantProManager', ''],
      ['approval', 'merchantProFinance', 'looks right'],
      ['confirm', 'merchantProEmployee', 'sent'],
    ]);
    expect(logs.count).toBe(4);
  });

  it('the detail tells the story: its sign log, when the threshold was reached, who executed it and when', async () => {
    const id = (await sign.start('merchantProManager', coldTransfer())).data.proposalId;
    const pending = (await sign.detail('merchantProFinance', id)).data;
    expect(pending).toMatchObject({ approvedAt: null, executedBy: null, executedByName: null, executedAt: null });
    // On a Safe the proposer's approval is its own entry (starting is not approving there).
    expect(pending.log.map((l) => [l.action, l.actor])).toEqual([
      ['start', 'merchantProManager'],
      ['approval', 'merchantProManager'],
    ]);

    const approved = (await sign.act('merchantProFinance', 'approval', id, 'checked')).data;
    expect(approved.approvedAt).toBe(approved.approvals[1].time);
    expect(approved.log.at(-1)).toMatchObject({
      action: 'approval',
      actor: 'merchantProFinance',
      actorName: expect.any(String),
      comment: 'checked',
      createdAt: expect.stringMatching(/^\d{4}-/),
    });

    const executed = (await sign.act('merchantProEmployee', 'confirm', id, 'sent')).data;
    expect(executed).toMatchObject({
      executedBy: 'merchantProEmployee',
      executedByName: expect.any(String),
      approvedAt: approved.approvedAt,
    });
    expect(executed.log.map((l) => [l.action, l.actor, l.comment])).toEqual([
      ['start', 'merchantProManager', 'payout'],
      ['approval', 'merchantProManager', ''],
      ['approval', 'merchantProFinance', 'checked'],
      ['confirm', 'merchantProEmployee', 'sent'],
    ]);
    expect(executed.log[3].createdAt).toBe(executed.executedAt);
    // The list endpoint and the detail read one log; the list also names the proposal (wallet, kind and nonce) and its chain.
    const listed = (await sign.logs('merchantProManager', { proposalId: id })).data.list;
    expect(
      listed.map(
        ({ chainId: _chain, walletLabel: _wallet, proposalNonce: _nonce, proposalKind: _kind, walletId: _walletId, ...entry }) => entry,
      ),
    ).toEqual(executed.log);
    expect(
      listed.every(
        (entry) => entry.walletLabel === 'Aurora cold' && entry.proposalNonce === executed.nonce && entry.chainId === executed.chainId,
      ),
    ).toBe(true);
  });

  it('a transfer to another of our wallets on the same chain credits it, with a ledger entry on each side', async () => {
    const to = await server.app.context.db
      .selectFrom('chainWallet')
      .select('address')
      .where('id', '=', wallets['Aurora deposits'])
      .executeTakeFirstOrThrow();
    const [fromBefore, toBefore] = [
      await balanceOf(server, wallets['Aurora cold'], 'USDT'),
      await balanceOf(server, wallets['Aurora deposits'], 'USDT'),
    ];
    // Lower-case input is accepted and stored in checksum form, so the destination is recognised.
    const { data } = await sign.start(
      'merchantProManager',
      coldTransfer({ to: to.address.toLowerCase(), amount: '100.25', symbol: 'USDT' }),
    );
    await sign.act('merchantProEmployee', 'approval', data.proposalId);
    const executed = await sign.act('merchantProFinance', 'confirm', data.proposalId);
    expect(executed.data.to).toBe(to.address);
    expect(units(await balanceOf(server, wallets['Aurora cold'], 'USDT'))).toBe(units(fromBefore) - units('100.25'));
    expect(units(await balanceOf(server, wallets['Aurora deposits'], 'USDT'))).toBe(units(toBefore) + units('100.25'));
    const ledger = await ledgerOf(data.proposalId);
    expect(ledger.map((e) => [e.walletId, units(e.delta), e.txHash])).toEqual([
      [wallets['Aurora cold'], -units('100.25'), executed.data.signing!.safeTxHash],
      [wallets['Aurora deposits'], units('100.25'), executed.data.signing!.safeTxHash],
    ]);
  });

  it('on TRON the tx hash is 64 hex digits without 0x (the seeded approved proposal executes)', async () => {
    const queue = (await sign.list('merchantProEmployee', { walletId: wallets['Aurora TRON hot'], state: 'open', sort: 'nonce' })).data
      .list;
    expect(queue.map((p) => [p.nonce, p.status, p.isNext, p.blockedByNonce])).toEqual([
      [1, 'approved', true, null],
      [2, 'pending', false, 1],
    ]);
    const before = await balanceOf(server, wallets['Aurora TRON hot'], 'USDT');
    const executed = await sign.act('merchantProEmployee', 'confirm', queue[0].id);
    expect(executed.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(executed.data.explorerUrl).toBe('https://tronscan.org');
    expect(units(await balanceOf(server, wallets['Aurora TRON hot'], 'USDT'))).toBe(units(before) - units(queue[0].amount));
    const next = (await sign.detail('merchantProEmployee', queue[1].id)).data;
    expect(next).toMatchObject({ isNext: true, blockedByNonce: null });
  });
});

describe('who may do what', () => {
  it('starting follows the movement rules of its kind: cold wallets need coldAdmins, a transfer allowTransfer, payouts the payout writers', async () => {
    expect(await sign.start('merchantProFinance', coldTransfer())).toMatchObject({
      code: 400,
      data: { walletId: 'Only superAdmin and the pro, standard and agent managers move funds out of a cold wallet.' },
    });
    expect((await sign.start('merchantProEmployee', coldTransfer({ kind: 'withdraw' }))).code).toBe(403);
    const hot = {
      walletId: wallets['Aurora TRON hot'],
      kind: 'transfer',
      to: demoTronAddress('someone'),
      amount: '10',
      symbol: 'TRX',
      memo: '',
    };
    expect(await sign.start('merchantProManager', hot)).toMatchObject({
      code: 400,
      data: { walletId: 'Your role may not transfer out of this wallet.' },
    });
    expect((await sign.start('merchantProEmployee', hot)).code).toBe(403);
    const byFinance = await sign.start('merchantProFinance', hot);
    const withdrawByFinance = await sign.start('merchantProFinance', { ...hot, kind: 'withdraw' });
    expect([byFinance.code, withdrawByFinance.code]).toEqual([200, 200]);
    expect(withdrawByFinance.data.nonce).toBe(byFinance.data.nonce + 1);
    await sign.act('merchantProManager', 'deny', byFinance.data.proposalId);
    await sign.act('merchantProManager', 'deny', withdrawByFinance.data.proposalId);
  });

  it('a proposer who is not a signer starts without an approval; one who is, approves by starting', async () => {
    // Birch's employee (multiOrg there) may transfer but signs no wallet: a 2-of-2 hot wallet of manager and finance.
    const walletId = await insertMultisig(server, {
      orgId: server.orgIds.stdB,
      kind: 'MultiSigHotStd',
      label: 'Birch float',
      threshold: 2,
      signers: ['merchantStdManager', 'merchantStdFinance'],
      funds: { USDC: '100', ETH: '0.1' },
    });
    const body = { walletId, kind: 'transfer', to: RECIPIENT, amount: '1', symbol: 'USDC', memo: '' };
    const byEmployee = await server.call<{ proposalId: number }>('POST', ApiPath.sign.start, {
      token: await sign.token('multiOrg'),
      orgId: server.orgIds.stdB,
      body,
    });
    expect(byEmployee.code).toBe(200);
    expect((await sign.detail('merchantStdManager', byEmployee.data.proposalId)).data).toMatchObject({
      proposer: 'multiOrg',
      approvalCount: 0,
      status: 'pending',
    });
    const bySigner = await sign.start('merchantStdFinance', body);
    expect((await sign.detail('merchantStdManager', bySigner.data.proposalId)).data).toMatchObject({
      proposer: 'merchantStdFinance',
      approvalCount: 1,
      status: 'pending',
    });
    await sign.act('merchantStdManager', 'deny', byEmployee.data.proposalId);
    await sign.act('merchantStdManager', 'deny', bySigner.data.proposalId);
  });

  it('only multisig wallets take proposals (400); a wallet of another tenant does not exist (404)', async () => {
    const plain = await sign.start(
      'merchantProManager',
      coldTransfer({ walletId: wallets['Aurora deposits'], kind: 'withdraw', symbol: 'USDT', amount: '1' }),
    );
    expect(plain).toMatchObject({ code: 400, data: { walletId: 'Proposals are made on multisig wallets only.' } });
    expect(await sign.start('merchantStdManager', coldTransfer())).toMatchObject({ code: 404, msg: 'Wallet was not found.' });
    expect(await sign.start('merchantProManager', coldTransfer({ walletId: 999_999 }))).toMatchObject({ code: 404 });
  });

  it('a non-signer who sees the proposal gets 403; another tenant gets 404 everywhere and never its data', async () => {
    const { data } = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', amount: '0.1' }));
    const id = data.proposalId;
    for (const action of ['approval', 'deny', 'confirm'] as const) {
      expect(await sign.act('superAdmin', action, id)).toMatchObject({ code: 403, msg: "Only the wallet's signers may do this." });
      expect(await sign.act('merchantStdManager', action, id)).toMatchObject({ code: 404, msg: 'Proposal was not found.', data: null });
    }
    expect(await sign.detail('merchantStdManager', id)).toMatchObject({ code: 404, data: null });
    expect((await sign.list('merchantStdManager')).data.list.some((p) => p.id === id)).toBe(false);
    expect((await sign.logs('merchantStdManager', { proposalId: id })).data).toEqual({ list: [], count: 0 });
    // Tenancy (docs/roles-and-routes.md): the agent above the pro merchant sees it, the operator sees everything.
    expect((await sign.detail('agentManager', id)).code).toBe(200);
    expect((await sign.detail('superAdmin', id)).code).toBe(200);
    expect((await sign.act('merchantProFinance', 'deny', id)).data.status).toBe('denied');
    expect((await sign.detail('merchantProFinance', id)).data.signers.find((s) => s.account === 'merchantProFinance')!.state).toBe(
      'denied',
    );
  });

  it('a lite merchant reaches the multisig API for its own org only (its multisig wallets still need their signers)', async () => {
    const lite = await sign.token('merchantLiteManager');
    const list = await sign.list('merchantLiteManager');
    expect(list.code).toBe(200);
    expect(list.data.list.every((p) => p.orgId === server.orgIds.liteC)).toBe(true);
    const auroraProposal = (await sign.list('merchantProManager')).data.list[0];
    expect((await sign.detail('merchantLiteManager', auroraProposal.id)).code).toBe(404);
    for (const action of ['approval', 'deny', 'confirm'] as const)
      expect((await sign.act('merchantLiteManager', action, auroraProposal.id)).code).toBe(404);
    expect(await server.call('POST', ApiPath.sign.start, { token: lite, body: coldTransfer() })).toMatchObject({
      code: 404,
      msg: 'Wallet was not found.',
    });
  });
});

describe('rules', () => {
  it('one approval per signer: a repeat is 409 and never counted twice', async () => {
    const { data } = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', amount: '0.2' }));
    expect(await sign.act('merchantProManager', 'approval', data.proposalId)).toMatchObject({
      code: 409,
      msg: 'You have already approved this proposal.',
    });
    expect((await sign.detail('merchantProManager', data.proposalId)).data).toMatchObject({ approvalCount: 1, status: 'pending' });
    await sign.act('merchantProManager', 'deny', data.proposalId);
  });

  it('confirm needs the threshold first', async () => {
    const { data } = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', amount: '0.2' }));
    expect(await sign.act('merchantProManager', 'confirm', data.proposalId)).toMatchObject({
      code: 409,
      msg: 'The proposal has 1 of 2 approvals; it cannot be executed yet.',
    });
    await sign.act('merchantProManager', 'deny', data.proposalId);
  });

  it('deny by any signer vetoes, also after approval; nothing moves and nothing more can be done', async () => {
    const before = await balanceOf(server, wallets['Aurora cold'], 'ETH');
    const { data } = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', amount: '0.2' }));
    await sign.act('merchantProFinance', 'approval', data.proposalId);
    const denied = await sign.act('merchantProEmployee', 'deny', data.proposalId, 'unknown recipient');
    expect(denied.data).toMatchObject({ status: 'denied', myActions: [], isNext: false });
    expect(denied.data.denials.map((d) => [d.account, d.comment])).toEqual([['merchantProEmployee', 'unknown recipient']]);
    for (const action of ['approval', 'confirm', 'deny'] as const) {
      expect(await sign.act('merchantProManager', action, data.proposalId)).toMatchObject({
        code: 409,
        msg: 'This proposal is already denied; nothing more can be done with it.',
      });
    }
    expect(await balanceOf(server, wallets['Aurora cold'], 'ETH')).toBe(before);
    expect(await ledgerOf(data.proposalId)).toEqual([]);
    expect((await sign.logs('merchantProManager', { proposalId: data.proposalId })).data.list.map((l) => l.action)).toEqual([
      'start',
      'approval',
      'approval',
      'deny',
    ]);
  });

  it('nonces execute in order: a higher approved nonce waits for the lower open one', async () => {
    const body = { walletId: wallets['Birch cold'], kind: 'withdraw', to: RECIPIENT, amount: '1', symbol: 'ETH', memo: '' };
    const first = await sign.start('merchantStdManager', body);
    const second = await sign.start('merchantStdManager', body);
    expect(second.data.nonce).toBe(first.data.nonce + 1);
    await sign.act('merchantStdFinance', 'approval', second.data.proposalId);
    expect(await sign.act('merchantStdFinance', 'confirm', second.data.proposalId)).toMatchObject({
      code: 409,
      msg: `Birch cold · #${first.data.nonce} must be executed first.`,
    });
    const queue = (await sign.list('merchantStdManager', { walletId: wallets['Birch cold'], state: 'open', sort: 'nonce' })).data.list;
    expect(queue.map((p) => [p.nonce, p.status, p.isNext, p.blockedByNonce])).toEqual([
      [first.data.nonce, 'pending', true, null],
      [second.data.nonce, 'approved', false, first.data.nonce],
    ]);
    expect((await sign.detail('merchantStdFinance', second.data.proposalId)).data.myActions).toEqual(['deny']);
    await sign.act('merchantStdFinance', 'approval', first.data.proposalId);
    expect((await sign.act('merchantStdEmployee', 'confirm', first.data.proposalId)).data.status).toBe('executed');
    expect((await sign.act('merchantStdEmployee', 'confirm', second.data.proposalId)).data.status).toBe('executed');
  });

  it('a denied lower nonce no longer blocks: on a Safe the next one executes at the nonce it left, with the signatures its approvers gave for that nonce', async () => {
    const body = { walletId: wallets['Birch cold'], kind: 'withdraw', to: RECIPIENT, amount: '1', symbol: 'ETH', memo: '' };
    const first = await sign.start('merchantStdManager', body);
    const second = await sign.start('merchantStdManager', body);
    const safeNonceOf = async (id: number) => (await sign.detail('merchantStdFinance', id)).data.signing!.typedData.message.nonce;
    const [firstSafeNonce, secondSafeNonce] = [await safeNonceOf(first.data.proposalId), await safeNonceOf(second.data.proposalId)];
    expect(BigInt(secondSafeNonce as string)).toBe(BigInt(firstSafeNonce as string) + 1n);
    // The detail hands out the same transaction at the lower nonce too; the approval signs both.
    expect((await sign.detail('merchantStdFinance', second.data.proposalId)).data.signing!.lower.map((l) => l.safeNonce)).toContain(
      firstSafeNonce,
    );
    await sign.act('merchantStdFinance', 'approval', second.data.proposalId);
    await sign.act('merchantStdEmployee', 'deny', first.data.proposalId);
    const executed = await sign.act('merchantStdEmployee', 'confirm', second.data.proposalId);
    expect(executed.data.status).toBe('executed');
    // It executed as the Safe's transaction at the denied one's nonce, and says so.
    expect(executed.data.signing!.typedData.message.nonce).toBe(firstSafeNonce);
    expect((await ledgerOf(second.data.proposalId))[0].txHash).toBe(executed.data.signing!.safeTxHash);
    // Its timeline still names who signed: the addresses checked when each approval came, not ones
    // recovered from those signatures against the transaction it finally executed.
    expect(executed.data.approvals.map((a) => [a.account, a.signerAddress])).toEqual([
      ['merchantStdManager', demoKeyAddress('merchantStdManager')],
      ['merchantStdFinance', demoKeyAddress('merchantStdFinance')],
    ]);
  });

  it('an approval signed at its own Safe nonce alone cannot stand in for a lower one: the confirm is refused with the reason and nothing moves', async () => {
    const body = { walletId: wallets['Birch cold'], kind: 'withdraw', to: RECIPIENT, amount: '1', symbol: 'ETH', memo: '' };
    const first = await sign.start('merchantStdManager', body);
    const second = await sign.start('merchantStdManager', body);
    // merchantStdFinance sends only the signature at the proposal's own nonce (no lowerSignatures).
    expect(
      (
        await sign.approveSigned(
          'merchantStdFinance',
          second.data.proposalId,
          await sign.signature('merchantStdFinance', second.data.proposalId),
        )
      ).code,
    ).toBe(200);
    await sign.act('merchantStdEmployee', 'deny', first.data.proposalId);
    expect((await sign.detail('merchantStdFinance', second.data.proposalId)).data).toMatchObject({ isNext: true, blockedByNonce: null });
    await expectSafeNonceGap(second.data.proposalId);
    // Denied and started again, it is signed for the Safe's next nonce and executes.
    await sign.act('merchantStdEmployee', 'deny', second.data.proposalId);
    const again = await sign.start('merchantStdManager', body);
    await sign.act('merchantStdFinance', 'approval', again.data.proposalId);
    expect((await sign.act('merchantStdEmployee', 'confirm', again.data.proposalId)).data.status).toBe('executed');
  });

  it('the balance is checked at start and again at execution', async () => {
    const body = { walletId: wallets['Birch cold'], kind: 'withdraw', to: RECIPIENT, symbol: 'USDC', memo: '' };
    const held = await balanceOf(server, wallets['Birch cold'], 'USDC');
    expect(await sign.start('merchantStdManager', { ...body, amount: `${held}1` })).toMatchObject({
      code: 400,
      data: { amount: `More than the wallet holds (${held}).` },
    });
    const big = await sign.start('merchantStdManager', { ...body, amount: '50000' });
    const bigger = await sign.start('merchantStdManager', { ...body, amount: '40000' });
    await sign.act('merchantStdFinance', 'approval', big.data.proposalId);
    await sign.act('merchantStdFinance', 'approval', bigger.data.proposalId);
    await sign.act('merchantStdFinance', 'confirm', big.data.proposalId);
    const refused = await sign.act('merchantStdFinance', 'confirm', bigger.data.proposalId);
    expect(refused).toMatchObject({ code: 409, msg: 'The wallet no longer holds enough USDC to execute this proposal.' });
    expect((await sign.detail('merchantStdFinance', bigger.data.proposalId)).data).toMatchObject({ status: 'approved', txHash: null });
    expect(await ledgerOf(bigger.data.proposalId)).toEqual([]);
    // A withdrawal's fee (2 USDC) is debited with its amount.
    expect(units(await balanceOf(server, wallets['Birch cold'], 'USDC'))).toBe(units(held) - units('50002'));
    await sign.act('merchantStdFinance', 'deny', bigger.data.proposalId);
  });
});

describe('validation', () => {
  it.each([
    { case: 'too many decimals for ETH', body: { amount: '0.0000000000000000001' }, field: 'amount', msg: 'At most 18 decimal places.' },
    {
      case: 'too many decimals for USDT',
      body: { amount: '1.0000001', symbol: 'USDT' },
      field: 'amount',
      msg: 'At most 6 decimal places.',
    },
    { case: 'a negative amount', body: { amount: '-1' }, field: 'amount', msg: 'Must be a positive decimal number.' },
    { case: 'a zero amount', body: { amount: '0.00' }, field: 'amount', msg: 'Must be a positive decimal number.' },
    { case: 'an exponent', body: { amount: '1e3' }, field: 'amount', msg: 'Must be a positive decimal number.' },
    { case: 'a JS number', body: { amount: 1 }, field: 'amount', msg: expect.stringContaining('decimal strings') },
    { case: 'no amount', body: { amount: '' }, field: 'amount', msg: 'Required.' },
    {
      case: 'more than the balance',
      body: { amount: '1000000' },
      field: 'amount',
      msg: expect.stringContaining('More than the wallet holds'),
    },
    { case: 'a symbol of another chain', body: { symbol: 'TRX' }, field: 'symbol', msg: 'Does not exist.' },
    { case: 'an unknown symbol', body: { symbol: 'DOGE' }, field: 'symbol', msg: 'Does not exist.' },
    { case: 'a TRON address on Ethereum', body: { to: demoTronAddress('x') }, field: 'to', msg: 'Not a valid EVM address.' },
    {
      case: 'a wrong EIP-55 checksum',
      body: { to: RECIPIENT.replace(/[a-f]/, (c) => c.toUpperCase()) },
      field: 'to',
      msg: 'The address checksum is wrong (EIP-55 mixed case).',
    },
    { case: 'no recipient', body: { to: '' }, field: 'to', msg: 'Required.' },
    { case: 'an unknown kind', body: { kind: 'gift' }, field: 'kind', msg: expect.stringContaining('Must be one of') },
    { case: 'no wallet', body: { walletId: undefined }, field: 'walletId', msg: 'Required.' },
  ])('start refuses $case with a field message', async ({ body, field, msg }) => {
    const res = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', ...body }));
    expect(res.code).toBe(400);
    expect((res.data as unknown as Record<string, string>)[field]).toEqual(msg);
  });

  it('field messages follow Accept-Language', async () => {
    const res = await sign.start('merchantProManager', coldTransfer({ amount: '0.0000000000000000001' }), { 'accept-language': 'zh-CN' });
    expect(res).toMatchObject({ code: 400, data: { amount: '最多 18 位小数。' } });
  });

  it('actions need a proposal id; queries are checked too', async () => {
    expect(await server.call('POST', ApiPath.sign.approval, { token: await sign.token('merchantProManager'), body: {} })).toMatchObject({
      code: 400,
      data: { proposalId: 'Required.' },
    });
    expect(
      await server.call('GET', ApiPath.sign.detail, { token: await sign.token('merchantProManager'), query: { proposalId: 'x' } }),
    ).toMatchObject({ code: 400 });
    expect(await sign.list('merchantProManager', { status: 'lost' })).toMatchObject({ code: 400 });
    expect(await sign.logs('merchantProManager', { dateFrom: 'yesterday' })).toMatchObject({
      code: 400,
      data: { dateFrom: 'Not a valid date.' },
    });
  });
});

describe('lists and logs', () => {
  it('filter by status, kind, wallet, chain, date and waiting-for-me; the transfer list holds transfers only; sort and pages', async () => {
    const all = (await sign.list('merchantProManager')).data;
    expect(all.count).toBe(all.list.length);
    const transfers = (await sign.list('merchantProManager', {}, ApiPath.sign.transferList)).data;
    expect(transfers.list.length).toBeGreaterThan(0);
    expect(transfers.list.every((p) => p.kind === 'transfer')).toBe(true);
    expect(transfers.count).toBe(all.list.filter((p) => p.kind === 'transfer').length);
    expect((await sign.list('merchantProManager', { kind: 'withdraw' })).data.list.every((p) => p.kind === 'withdraw')).toBe(true);
    expect((await sign.list('merchantProManager', { status: 'denied' })).data.list.every((p) => p.status === 'denied')).toBe(true);
    expect((await sign.list('merchantProManager', { chainId: TRON_CHAIN })).data.list.every((p) => p.chainId === TRON_CHAIN)).toBe(true);
    expect(
      (await sign.list('merchantProManager', { walletId: wallets['Aurora cold'] })).data.list.every(
        (p) => p.walletId === wallets['Aurora cold'],
      ),
    ).toBe(true);
    expect((await sign.list('merchantProManager', { chainId: ETH_CHAIN, dateTo: '2000-01-01T00:00:00Z' })).data.count).toBe(0);

    const page = (await sign.list('merchantProManager', { sort: 'id', order: 'desc', pageSize: 2, page: 2 })).data;
    expect(page.count).toBe(all.count);
    expect(page.list.map((p) => p.id)).toEqual([...all.list.map((p) => p.id)].sort((a, b) => b - a).slice(2, 4));
    // `proposalId` (react-admin's default sort field for this resource) sorts like `id`.
    expect((await sign.list('merchantProManager', { sort: 'proposalId', order: 'desc', pageSize: 2, page: 2 })).data.list).toEqual(
      page.list,
    );

    // Waiting for me: pending, I sign, I have not voted.
    const fresh = await sign.start('merchantProFinance', {
      walletId: wallets['Aurora TRON hot'],
      kind: 'transfer',
      to: demoTronAddress('w'),
      amount: '1',
      symbol: 'TRX',
      memo: '',
    });
    const waitingForEmployee = (await sign.list('merchantProEmployee', { waitingForMe: true })).data.list;
    expect(waitingForEmployee.map((p) => p.id)).toContain(fresh.data.proposalId);
    expect(waitingForEmployee.every((p) => p.status === 'pending')).toBe(true);
    expect((await sign.list('merchantProFinance', { waitingForMe: true })).data.list.map((p) => p.id)).not.toContain(fresh.data.proposalId);
    expect((await sign.list('superAdmin', { waitingForMe: true })).data.count).toBe(0);
    await sign.act('merchantProEmployee', 'deny', fresh.data.proposalId);
    expect((await sign.list('merchantProEmployee', { waitingForMe: true })).data.list.map((p) => p.id)).not.toContain(
      fresh.data.proposalId,
    );
  });

  it('logs filter by proposal, actor, action and date range', async () => {
    const byEmployee = (await sign.logs('merchantProManager', { actor: 'merchantProEmployee' })).data.list;
    expect(byEmployee.length).toBeGreaterThan(0);
    expect(byEmployee.every((l) => l.actor === 'merchantProEmployee' && l.actorName)).toBe(true);
    const confirms = (await sign.logs('merchantProManager', { action: 'confirm' })).data.list;
    expect(confirms.length).toBeGreaterThan(0);
    expect(confirms.every((l) => l.action === 'confirm')).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await sign.logs('merchantProManager', { dateFrom: future })).data.count).toBe(0);
    const recent = (await sign.logs('merchantProManager', { dateFrom: new Date(Date.now() - 3_600_000).toISOString(), dateTo: future }))
      .data.list;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((l) => Date.parse(l.createdAt) >= Date.now() - 3_600_000)).toBe(true);
  });

  it('the sign log cannot be changed: no endpoint, and the database refuses even raw SQL', async () => {
    // eslint-disable-next-line no-restricted-syntax -- paths the API deliberately does not have: the sign log has no write endpoint
    for (const path of ['/sys/sign/log/update', '/sys/sign/log/delete/1', '/sys/sign/log/save']) {
      expect((await server.call('POST', path, { token: await sign.token('superAdmin'), body: { id: 1, comment: 'x' } })).code).toBe(404);
    }
    const { db } = server.app.context;
    await expect(sql`update sign_log set comment = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from sign_log`.execute(db)).rejects.toThrow(/append-only/);
    const { count } = await db
      .selectFrom('signLog')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(0);
  });
});

// Last: these move the server's clock for the rest of the file.
describe('expiry (PROPOSAL_TTL_HOURS, default 72 h)', () => {
  const ttlMs = () => server.app.context.config.proposalTtlHours * 3_600_000;
  const moveClock = (ms: number) => {
    server.advanceClock(ms);
    // Sessions live shorter than proposals: everyone signs in again at the new time.
    sign.forgetSessions();
  };

  it('acting on a proposal past its time marks it expired, with one log entry, and is refused', async () => {
    const { data } = await sign.start('merchantProManager', coldTransfer({ kind: 'withdraw', amount: '0.3' }));
    const { data: other } = await sign.start('merchantStdManager', {
      walletId: wallets['Birch cold'],
      kind: 'withdraw',
      to: RECIPIENT,
      amount: '0.3',
      symbol: 'ETH',
      memo: '',
    });
    const expiresAt = (await sign.detail('merchantProManager', data.proposalId)).data.expiresAt;
    moveClock(ttlMs() + 1000);
    // No read in between: the action itself finds it overdue.
    expect(await sign.act('merchantProFinance', 'approval', data.proposalId)).toMatchObject({
      code: 409,
      msg: 'This proposal has expired.',
    });
    expect(await sign.act('merchantProFinance', 'approval', data.proposalId)).toMatchObject({
      code: 409,
      msg: 'This proposal has already expired; nothing more can be done with it.',
    });
    const logs = (await sign.logs('merchantProManager', { proposalId: data.proposalId })).data.list;
    // Aurora cold is a Safe: the proposer approved in its own step after the start.
    expect(logs.map((l) => [l.action, l.actor])).toEqual([
      ['start', 'merchantProManager'],
      ['approval', 'merchantProManager'],
      ['expire', null],
    ]);
    expect(logs[2].createdAt).toBe(expiresAt);
    const detail = (await sign.detail('merchantProManager', data.proposalId)).data;
    expect(detail).toMatchObject({ status: 'expired', myActions: [], isNext: false });

    // Reads show the other one expired too, and write nothing (docs/DECISIONS.md "Database faults
    // and many instances"): its detail's log says when; the stored log gets the entry from the
    // sweep, once however many sweeps run.
    expect(
      (await sign.list('merchantStdManager', { walletId: wallets['Birch cold'], status: 'expired' })).data.list.map((p) => p.id),
    ).toContain(other.proposalId);
    const otherDetail = (await sign.detail('merchantStdManager', other.proposalId)).data;
    expect(otherDetail.log.map((l) => l.action)).toEqual(['start', 'approval', 'expire']);
    expect((await sign.logs('merchantStdManager', { proposalId: other.proposalId })).data.list.map((l) => l.action)).toEqual([
      'start',
      'approval',
    ]);
    for (let sweep = 0; sweep < 2; sweep += 1) await expireOverdue(server.app.context.db, server.app.context.now());
    const stored = (await sign.logs('merchantStdManager', { proposalId: other.proposalId })).data.list;
    expect(stored.map((l) => [l.action, l.createdAt])).toEqual([
      ['start', expect.any(String)],
      ['approval', expect.any(String)],
      ['expire', otherDetail.expiresAt],
    ]);
  });

  it('an overdue lower nonce does not block a higher one, even before anything marks it', async () => {
    const body = { walletId: wallets['Birch cold'], kind: 'withdraw', to: RECIPIENT, amount: '0.5', symbol: 'ETH', memo: '' };
    const lower = await sign.start('merchantStdManager', body);
    moveClock(ttlMs() - 3_600_000);
    const higher = await sign.start('merchantStdManager', body);
    await sign.act('merchantStdFinance', 'approval', higher.data.proposalId);
    moveClock(2 * 3_600_000);
    // The lower one is past its time but still stored as pending: the confirm does not wait for it.
    const stored = await server.app.context.db
      .selectFrom('proposal')
      .select('status')
      .where('id', '=', lower.data.proposalId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    // On a Safe it executes at the expired one's nonce, with the signatures given for it.
    expect((await sign.act('merchantStdFinance', 'confirm', higher.data.proposalId)).data.status).toBe('executed');
    expect((await sign.detail('merchantStdFinance', lower.data.proposalId)).data.status).toBe('expired');
  });
});
