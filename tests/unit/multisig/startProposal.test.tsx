import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import chainWalletDeclaration from '../../../src/resources/chainWallet/resource';
import { defineResource } from '../../../src/resources/engine';
import { multisig } from '../../../src/resources/multisig';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { ApiPath } from '../../../src/contract/apiPaths';

const chainWallet = defineResource(chainWalletDeclaration);

startMockApi();

const wallet = (id: number, orgId: number, kind: string, label: string) => ({
  id,
  chainId: 1,
  orgId,
  orgName: `Org ${orgId}`,
  kind,
  label,
  address: `0x${String(id).padStart(40, '0')}`,
  threshold: kind.startsWith('MultiSig') ? 2 : null,
  signers: kind.startsWith('MultiSig')
    ? [
        { userId: 1, account: 'a', userName: 'A' },
        { userId: 2, account: 'b', userName: 'B' },
      ]
    : [],
  balances: [{ currencyId: 1, symbol: 'ETH', amount: '10' }],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

// The harness signs in to org 7; org 8's wallet is in scope (an agent's merchant) but not movable from here.
const wallets = [wallet(3, 7, 'MultiSigCold', 'Own cold'), wallet(4, 7, 'Hot', 'Own hot'), wallet(5, 8, 'MultiSigHot', 'Other hot')];

const options = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  // The blank first option is react-admin's "no value".
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent?.trim())
    .filter(Boolean);
  await user.keyboard('{Escape}');
  return names;
};

describe('the start form offers what the role may move, out of the selected org’s multisig wallets', { timeout: 60_000 }, () => {
  it('finance: transfer, withdrawal and refund (no supply); only its own org’s multisig wallets', async () => {
    answer('get', ApiPath.chainWallet.list, { list: wallets, count: wallets.length });
    mountAdmin([chainWallet, multisig], '/multisig/create', 'merchantProFinance');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Kind' });
    expect(await options(user, 'Kind')).toEqual(['Transfer', 'Withdrawal', 'Refund']);
    await waitFor(async () => expect(await options(user, 'Wallet')).toEqual(['Own cold (Multisig cold (Safe), 2 of 2)']));
  });

  it('a refund asks for its order; a supply for a hot wallet of the same org', async () => {
    const starts = answer('post', ApiPath.sign.start, { proposalId: 9, nonce: 1, status: 'pending' });
    answer('get', ApiPath.chainWallet.list, { list: wallets, count: wallets.length });
    mountAdmin([chainWallet, multisig], '/multisig/create', 'merchantProManager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Wallet' }));
    await user.click(await screen.findByRole('option', { name: /Own cold/ }));
    expect(screen.queryByRole('textbox', { name: 'Order no.' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Refund' }));
    expect(await screen.findByRole('textbox', { name: 'Order no.' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Supply' }));
    expect(screen.queryByRole('textbox', { name: 'Order no.' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Recipient' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent?.trim())
        .filter(Boolean),
    ).toEqual(['Own hot (Hot wallet)']);
    await user.click(screen.getByRole('option', { name: 'Own hot (Hot wallet)' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1.5');
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: /^ETH/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0].body).toEqual({ walletId: 3, kind: 'supply', to: wallets[1].address, amount: '1.5', symbol: 'ETH', memo: '' });
  });
});
