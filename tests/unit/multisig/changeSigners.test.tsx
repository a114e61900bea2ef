import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleName } from '../../../src/access';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { defineResource } from '../../../src/resources/engine';
import { multisig } from '../../../src/resources/multisig';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { signerChange } from './proposalFixtures';
import { ApiPath } from '../../../src/contract/apiPaths';

const chainWallet = defineResource(chainWalletDeclaration);

startMockApi();

const members = [
  { userId: 11, account: 'merchantProManager', userName: 'Mia Manager' },
  { userId: 12, account: 'merchantProFinance', userName: 'Finn Finance' },
  { userId: 13, account: 'merchantProEmployee', userName: 'Emma Employee' },
];

/** Org 7 is the org the harness signs in with. */
const coldWallet = {
  id: 3,
  chainId: 1,
  orgId: 7,
  orgName: 'Test Org',
  kind: 'MultiSigCold',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  label: 'Test cold',
  threshold: 2,
  signers: members,
  balances: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** react-admin renders a read-only input `readonly`, a read-only autocomplete disabled. */
const notEditable = (input: HTMLElement) => input.hasAttribute('readonly') || (input as HTMLInputElement).disabled;

function openWallet(wallet: Record<string, unknown>, path: string, role: RoleName) {
  answer('get', ApiPath.chainWallet.detail, wallet);
  answer('get', ApiPath.chain.list, { list: [{ chainId: 1, name: 'Ethereum', family: 'evm' }], count: 1 });
  answer('get', ApiPath.org.list, { list: [{ orgId: 7, orgName: 'Test Org' }], count: 1 });
  const memberCalls = answer('get', ApiPath.member.list, { list: members, count: members.length });
  mountAdmin([chainWallet, multisig], path, role);
  return { memberCalls };
}

describe('the wallet form edits the label only', { timeout: 30_000 }, () => {
  it('threshold and signers show read-only; Save sends the id and the label', async () => {
    const updates = answer('post', ApiPath.chainWallet.update, { ...coldWallet, label: 'Renamed' });
    answer('get', ApiPath.chainWallet.list, { list: [coldWallet], count: 1 });
    openWallet(coldWallet, '/aggregate/3', 'merchantProManager');
    const label = await screen.findByRole('textbox', { name: 'Label' });
    expect(notEditable(label)).toBe(false);
    expect(notEditable(screen.getByRole('spinbutton', { name: 'Threshold' }))).toBe(true);
    expect(notEditable(screen.getByRole('combobox', { name: 'Signers' }))).toBe(true);
    // A chip that could be removed carries a delete icon.
    expect(document.querySelectorAll('.MuiChip-deleteIcon')).toHaveLength(0);

    const user = userEvent.setup();
    await user.clear(label);
    await user.type(label, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    const body = updates[0].body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['id', 'label']);
    expect(body).toMatchObject({ id: expect.anything(), label: 'Renamed' });
  });
});

describe('"Change signers" is offered to the wallet’s current signers only', { timeout: 30_000 }, () => {
  it('a signer who may edit sees it beside the form', async () => {
    openWallet(coldWallet, '/aggregate/3', 'merchantProManager');
    await screen.findByRole('textbox', { name: 'Label' });
    expect(await screen.findByRole('button', { name: 'Change signers' })).toBeTruthy();
  });

  it('a signer who only reads the wallet sees it on the show page', async () => {
    openWallet(coldWallet, '/aggregate/3/show', 'merchantProFinance');
    expect(await screen.findByRole('button', { name: 'Change signers' })).toBeTruthy();
  });

  it('a signer whose role may start no money proposal sees it too: any current signer may propose a change', async () => {
    openWallet(coldWallet, '/aggregate/3/show', 'merchantProEmployee');
    expect(await screen.findByRole('button', { name: 'Change signers' })).toBeTruthy();
  });

  it('a member who is not a signer does not', async () => {
    openWallet({ ...coldWallet, signers: members.slice(0, 2) }, '/aggregate/3/show', 'merchantProEmployee');
    await screen.findAllByText('Test cold');
    expect(screen.queryByRole('button', { name: 'Change signers' })).toBeNull();
  });

  it('nor a signer acting in another org', async () => {
    openWallet({ ...coldWallet, orgId: 8, orgName: 'Other Org' }, '/aggregate/3/show', 'merchantProFinance');
    await screen.findAllByText('Test cold');
    expect(screen.queryByRole('button', { name: 'Change signers' })).toBeNull();
  });

  it('nor on a plain hot wallet', async () => {
    openWallet({ ...coldWallet, kind: 'Hot', threshold: null }, '/aggregate/3/show', 'merchantProFinance');
    await screen.findAllByText('Test cold');
    expect(screen.queryByRole('button', { name: 'Change signers' })).toBeNull();
  });
});

describe('the signer change form', { timeout: 60_000 }, () => {
  it('starts a governance proposal with the picked signers and threshold, then shows it', async () => {
    const starts = answer('post', ApiPath.sign.start, { proposalId: 42, walletLabel: 'Test cold', nonce: 18, status: 'pending' });
    answer('get', ApiPath.sign.detail, signerChange);
    openWallet(coldWallet, '/aggregate/3/show', 'merchantProFinance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change signers' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('current-signers').textContent).toBe('Now: 2 of 3 — Mia Manager, Finn Finance, Emma Employee');
    // The picker holds the current signers; removing one proposes the other two.
    const emma = await within(dialog).findByRole('button', { name: /Emma Employee/ });
    await user.click(within(emma).getByTestId('CancelIcon'));
    await user.click(within(dialog).getByRole('button', { name: 'Propose the change' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0].body).toEqual({ walletId: 3, kind: 'governance', signers: [11, 12], threshold: 2, memo: '' });
    expect(await screen.findByTestId('governance-to')).toBeTruthy();
    // The notice names the proposal as its page does.
    expect(await screen.findByText('Test cold · #18 started')).toBeTruthy();
  });

  it('offers nothing to send before a change, and refuses one signer alone in the server’s words, without a call', async () => {
    const starts = answer('post', ApiPath.sign.start, { proposalId: 42, walletLabel: 'Test cold', nonce: 18, status: 'pending' });
    openWallet(coldWallet, '/aggregate/3/show', 'merchantProFinance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change signers' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Propose the change' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    for (const name of [/Emma Employee/, /Finn Finance/])
      await user.click(within(await within(dialog).findByRole('button', { name })).getByTestId('CancelIcon'));
    const threshold = within(dialog).getByRole('spinbutton', { name: 'New threshold' });
    await user.clear(threshold);
    await user.type(threshold, '1');
    await user.click(submit);
    expect(await within(dialog).findByText('At least 2 different signers: one person alone is not multisig.')).toBeTruthy();
    expect(starts).toHaveLength(0);
  });
});

describe('signer change rules of the form', () => {
  it('the same signers in another order and the same threshold are no change', async () => {
    const { isUnchanged, signerChangeBody } = await import('../../../src/resources/chainWallet/signerChange');
    expect(isUnchanged(coldWallet, signerChangeBody(3, { signers: [13, 11, 12], threshold: 2 }))).toBe(true);
    expect(isUnchanged(coldWallet, signerChangeBody(3, { signers: [13, 11, 12], threshold: 3 }))).toBe(false);
    expect(isUnchanged(coldWallet, signerChangeBody(3, { signers: [11, 12], threshold: 2 }))).toBe(false);
  });
});
