import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { multisig } from '../../../src/resources/multisig';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { executedWithdrawal, signerChange, withdrawal } from './proposalFixtures';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

/** As the timeline writes an instant: the console's language (en-US in these tests), to the second. */
const at = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

describe('the detail’s timeline tells who did what, and when', { timeout: 30_000 }, () => {
  it('the sign log: each entry’s actor, action, time and comment', async () => {
    answer('get', ApiPath.sign.detail, withdrawal);
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    const log = await screen.findByTestId('sign-log');
    const start = within(log).getByTestId('log-start');
    expect(start.textContent).toContain('Mia Manager (merchantProManager) started it');
    expect(start.textContent).toContain(at('2026-03-01T10:00:00Z'));
    const approval = within(log).getByTestId('log-approval');
    expect(approval.textContent).toContain('Finn Finance (merchantProFinance) approved');
    expect(approval.textContent).toContain(at('2026-03-01T11:00:00Z'));
    expect(approval.textContent).toContain('“Checked the invoice”');
  });

  it('when the threshold was reached', async () => {
    answer('get', ApiPath.sign.detail, withdrawal);
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    expect((await screen.findByTestId('approved-at')).textContent).toBe(`Threshold reached ${at('2026-03-01T11:00:00Z')}`);
  });

  it('a proposal still short of its threshold shows no approval time', async () => {
    answer('get', ApiPath.sign.detail, signerChange);
    mountAdmin([multisig], '/multisig/42/show', 'merchantProFinance');
    await screen.findByTestId('sign-log');
    expect(screen.queryByTestId('approved-at')).toBeNull();
  });

  it('an executed proposal names who executed it and when, and logs it', async () => {
    answer('get', ApiPath.sign.detail, executedWithdrawal);
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    const closing = await screen.findByTestId('timeline-closing');
    expect(within(closing).getByTestId('executed-by').textContent).toBe(
      `By Emma Employee (merchantProEmployee) · ${at('2026-03-01T12:30:00Z')}`,
    );
    const confirm = screen.getByTestId('log-confirm');
    expect(confirm.textContent).toContain('Emma Employee (merchantProEmployee) executed it');
    expect(confirm.textContent).toContain('“Sent”');
    // Closed: nobody waits any more; the signer who never voted did not vote.
    expect(screen.getByTestId('signer-merchantProEmployee').textContent).toBe('Emma Employee — did not vote');
  });

  it('an entry of the platform itself (an expiry) is named as such', async () => {
    answer('get', ApiPath.sign.detail, {
      ...signerChange,
      status: 'expired',
      myActions: [],
      log: [
        ...signerChange.log,
        { id: 310, proposalId: 42, action: 'expire', actor: null, actorName: null, comment: '', createdAt: '2026-03-04T10:00:00Z' },
      ],
    });
    mountAdmin([multisig], '/multisig/42/show', 'merchantProFinance');
    expect((await screen.findByTestId('log-expire')).textContent).toContain('The platform expired it: nobody executed it in time');
  });
});

describe('the executed transaction links to its chain’s explorer, as that explorer names a transaction', { timeout: 30_000 }, () => {
  it('Etherscan-style on an EVM chain: /tx/<hash>', async () => {
    answer('get', ApiPath.sign.detail, executedWithdrawal);
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    expect((await screen.findByTestId('tx-hash')).getAttribute('href')).toBe(`https://etherscan.io/tx/${executedWithdrawal.txHash}`);
  });

  it('Tronscan on TRON: /#/transaction/<hash>', async () => {
    const hash = 'cd'.repeat(32);
    answer('get', ApiPath.sign.detail, {
      ...executedWithdrawal,
      chainId: 728126428,
      family: 'tron',
      explorerUrl: 'https://tronscan.org/',
      txHash: hash,
    });
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    expect((await screen.findByTestId('tx-hash')).getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${hash}`);
  });
});
