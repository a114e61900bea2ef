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

/**
 * Shows `detail`, records the calls to `path` (answered with `answered`), and opens the dialog of the
 * page's `button`, after `before` (what the user does on the page first); `press` answers the dialog.
 */
async function openDialog(
  detail: ProposalDetail & Record<string, unknown>,
  button: string,
  path: string,
  answered: Record<string, unknown>,
  before?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>,
) {
  const sent = answer('post', path, answered);
  showProposal(detail);
  const user = userEvent.setup();
  if (before) await before(user);
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  /** Presses the dialog's `name` button: nothing was sent before it, one call after it (returned). */
  const press = async (name: string) => {
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name }));
    await waitFor(() => expect(sent).toHaveLength(1));
    return sent[0];
  };
  return { user, sent, dialog, press };
}

describe('confirm and deny ask once more, repeating what the proposal does', { timeout: 30_000 }, () => {
  it('Confirm opens a dialog with amount, currency, destination, fee, nonce and wallet; nothing is sent before its own button', async () => {
    const { dialog, press } = await openDialog(withdrawal, 'Confirm', ApiPath.sign.confirm, { ...withdrawal, status: 'executed' });
    expect(within(dialog).getByText('Execute Test cold · #17: Withdrawal 1250.5 USDT?')).toBeTruthy();
    expect(within(dialog).getByTestId('fact-amount').textContent).toBe('1250.5 USDT');
    expect(within(dialog).getByTestId('fact-to').textContent).toBe(withdrawal.to);
    expect(within(dialog).getByTestId('fact-fee').textContent).toContain('2.5 USDT');
    expect(within(dialog).getByTestId('fact-nonce').textContent).toBe('17');
    expect(within(dialog).getByText('Test cold (Multisig cold (Safe))')).toBeTruthy();

    expect((await press('Execute')).body).toEqual({ proposalId: 41, comment: '' });
  });

  it('Cancel closes the dialog without a call', async () => {
    const { user, sent, dialog } = await openDialog(withdrawal, 'Confirm', ApiPath.sign.confirm, withdrawal);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);
  });

  it('Deny asks too, and sends the comment typed on the page, which the dialog repeats', async () => {
    const typeComment = async (user: ReturnType<typeof userEvent.setup>) =>
      user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Wrong customer');
    const { dialog, press } = await openDialog(withdrawal, 'Deny', ApiPath.sign.deny, { ...withdrawal, status: 'denied' }, typeComment);
    expect(within(dialog).getByText('Deny Test cold · #17: Withdrawal 1250.5 USDT?')).toBeTruthy();
    expect(within(dialog).getByText('Your comment: Wrong customer')).toBeTruthy();
    expect(within(dialog).getByTestId('fact-amount').textContent).toBe('1250.5 USDT');
    expect((await press('Deny')).body).toEqual({ proposalId: 41, comment: 'Wrong customer' });
  });

  it('a signer change shows the signers and threshold it replaces and asks for, not an amount', async () => {
    const { dialog, press } = await openDialog(signerChange, 'Approve', ApiPath.sign.approval, signerChange);
    expect(within(dialog).getByText('Approve Test cold · #18: Signer change → 2 of 2?')).toBeTruthy();
    expect(within(dialog).getByTestId('governance-from').textContent).toContain('2 of 3');
    expect(within(dialog).getByTestId('governance-from').textContent).toContain('Emma Employee (merchantProEmployee) — removed');
    expect(within(dialog).getByTestId('governance-to').textContent).toContain('2 of 2');
    expect(within(dialog).getByTestId('governance-to').textContent).not.toContain('Emma Employee');
    expect(within(dialog).queryByTestId('fact-amount')).toBeNull();
    await press('Approve');
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
