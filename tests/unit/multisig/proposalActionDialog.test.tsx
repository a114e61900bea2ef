import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProposalDetail } from '../../../src/contract/schemas/sign';
import { multisig } from '../../../src/resources/multisig';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { signerChange, supersededTransfer, withdrawal } from './proposalFixtures';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

const showProposal = (detail: ProposalDetail & Record<string, unknown>) => {
  answer('get', ApiPath.sign.detail, detail);
  mountAdmin([multisig], `/multisig/${detail.proposalId}/show`, 'merchantProFinance');
};

describe('confirm and deny ask once more, repeating what the proposal does', { timeout: 30_000 }, () => {
  it('Confirm opens a dialog with amount, currency, destination, fee, nonce and wallet; nothing is sent before its own button', async () => {
    const confirmed = answer('post', ApiPath.sign.confirm, { ...withdrawal, status: 'executed' });
    showProposal(withdrawal);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Execute Test cold · #17: Withdrawal 1250.5 USDT?')).toBeTruthy();
    expect(within(dialog).getByTestId('fact-amount').textContent).toBe('1250.5 USDT');
    expect(within(dialog).getByTestId('fact-to').textContent).toBe(withdrawal.to);
    expect(within(dialog).getByTestId('fact-fee').textContent).toContain('2.5 USDT');
    expect(within(dialog).getByTestId('fact-nonce').textContent).toBe('17');
    expect(within(dialog).getByText('Test cold (Multisig cold (Safe))')).toBeTruthy();
    expect(confirmed).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0].body).toEqual({ proposalId: 41, comment: '' });
  });

  it('Cancel closes the dialog without a call', async () => {
    const confirmed = answer('post', ApiPath.sign.confirm, withdrawal);
    showProposal(withdrawal);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed).toHaveLength(0);
  });

  it('Deny asks too, and sends the comment typed on the page, which the dialog repeats', async () => {
    const denied = answer('post', ApiPath.sign.deny, { ...withdrawal, status: 'denied' });
    showProposal(withdrawal);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Wrong customer');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deny Test cold · #17: Withdrawal 1250.5 USDT?')).toBeTruthy();
    expect(within(dialog).getByText('Your comment: Wrong customer')).toBeTruthy();
    expect(within(dialog).getByTestId('fact-amount').textContent).toBe('1250.5 USDT');
    expect(denied).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(denied).toHaveLength(1));
    expect(denied[0].body).toEqual({ proposalId: 41, comment: 'Wrong customer' });
  });

  it('a signer change shows the signers and threshold it replaces and asks for, not an amount', async () => {
    const approved = answer('post', ApiPath.sign.approval, signerChange);
    showProposal(signerChange);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve Test cold · #18: Signer change → 2 of 2?')).toBeTruthy();
    expect(within(dialog).getByTestId('governance-from').textContent).toContain('2 of 3');
    expect(within(dialog).getByTestId('governance-from').textContent).toContain('Emma Employee (merchantProEmployee) — removed');
    expect(within(dialog).getByTestId('governance-to').textContent).toContain('2 of 2');
    expect(within(dialog).getByTestId('governance-to').textContent).not.toContain('Emma Employee');
    expect(within(dialog).queryByTestId('fact-amount')).toBeNull();
    expect(approved).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approved).toHaveLength(1));
  });
});

describe('the proposal detail', { timeout: 30_000 }, () => {
  it('names the signer set frozen when it started, and the fee when there is one', async () => {
    showProposal(withdrawal);
    expect((await screen.findByTestId('frozen-signers')).textContent).toBe(
      'Signers when it started (2 of 3): only they approve, deny and execute it.',
    );
    expect(screen.getByTestId('signer-merchantProEmployee').textContent).toContain('waiting');
    expect(screen.getByTestId('fact-fee').textContent).toContain('2.5 USDT');
  });

  it('a superseded proposal closes its timeline with a link to the signer change, and shows no zero fee', async () => {
    showProposal(supersededTransfer);
    const closing = await screen.findByTestId('timeline-closing');
    expect(closing.textContent).toContain('Superseded');
    expect(within(closing).getByTestId('superseded-by').getAttribute('href')).toBe('/multisig/42/show');
    expect(within(closing).getByTestId('superseded-by').textContent).toBe('Open the signer change Test cold · #18');
    expect(screen.queryByTestId('fact-fee')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('on a Safe, a signer with no signing key is told so and sent to /account: no passphrase to guess, nothing sent', async () => {
    answer('get', ApiPath.account.signingKey.state, { address: null, registeredAt: null });
    const approved = answer('post', ApiPath.sign.approval, withdrawal);
    const safe = {
      ...withdrawal,
      status: 'pending',
      myActions: ['approval', 'deny'],
      signing: { safeTxHash: `0x${'ab'.repeat(32)}`, safeNonce: '3', typedData: {} as never, lower: [] },
    } as ProposalDetail & Record<string, unknown>;
    showProposal(safe);
    const user = userEvent.setup();
    // The page says it waits for this signer, and the Safe's own numbers are there, labelled.
    expect((await screen.findByTestId('awaits-my-signature')).textContent).toContain('waits for your signature');
    expect(screen.getByTestId('fact-safe-nonce').textContent).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('no-signing-key').textContent).toMatch(/^You have no signing key yet/));
    expect(within(dialog).queryByLabelText('Passphrase')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Set up my signing key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approved).toHaveLength(0);
  });
});
