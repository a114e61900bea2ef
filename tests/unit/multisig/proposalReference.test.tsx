import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import assetFlowDeclaration from '../../../src/resources/assetFlow/resource';
import { defineResource } from '../../../src/resources/engine';
import { exportColumns } from '../../../src/resources/engine/exportColumns';
import { recordDisplay } from '../../../src/resources/engine/views/common';
import withdrawDeclaration from '../../../src/resources/withdraw/resource';
import { multisig } from '../../../src/resources/multisig';
import { session } from '../../../src/session';
import { toasts } from '../../../src/shell/toast';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from '../resources/harness';
import { mountHome } from '../resources/mountHome';
import { testI18nProvider } from '../testI18nProvider';
import { signerChange, withdrawal } from './proposalFixtures';
import { ApiPath } from '../../../src/contract/apiPaths';

/** The ledger screen (/asset-flow), from its declaration. */
const assetFlow = defineResource(assetFlowDeclaration);
const withdraw = defineResource(withdrawDeclaration);

startMockApi();
afterEach(() => vi.restoreAllMocks());

/** Open proposal 44 (nonce 18 of Test cold) waits behind 41 (nonce 17). */
const queued = { ...withdrawal, id: 44, proposalId: 44, nonce: 18, status: 'pending', approvalCount: 1, isNext: false, blockedByNonce: 17 };

describe('one proposal, one name: "<wallet> · #<nonce>" wherever it shows; the id only in URLs', { timeout: 30_000 }, () => {
  it('the queue names each proposal and the one it waits for', async () => {
    answer('get', ApiPath.sign.list, (call) =>
      call.query.state === 'open' ? { list: [withdrawal, queued], count: 2 } : { list: [], count: 0 },
    );
    mountAdmin([multisig], '/multisig', 'merchantProFinance');
    await screen.findByTestId('proposal-44');
    expect(screen.getAllByTestId('proposal-reference').map((el) => el.textContent)).toEqual(['Test cold · #17', 'Test cold · #18']);
    expect(screen.getByTestId('proposal-44').textContent).toContain('Test cold · #17 must be executed first');
    expect(screen.getByTestId('proposal-44').getAttribute('href')).toBe('/multisig/44/show');
    expect(screen.getByTestId('proposal-44').textContent).not.toContain('44');
  });

  it('the history names them too, with translated kinds, paged like every list', async () => {
    const retired = { ...withdrawal, id: 45, proposalId: 45, nonce: 3, kind: 'contract', status: 'executed' };
    const history = answer('get', ApiPath.sign.list, (call) =>
      call.query.state === 'closed'
        ? { list: [{ ...withdrawal, status: 'executed' }, { ...signerChange, status: 'denied' }, retired], count: 3 }
        : { list: [], count: 0 },
    );
    mountAdmin([multisig], '/multisig', 'merchantProFinance');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'History' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('proposal-reference').map((el) => el.textContent)).toEqual([
        'Test cold · #17',
        'Test cold · #18',
        'Test cold · #3',
      ]),
    );
    const table = screen.getByRole('table');
    for (const label of ['Withdrawal', 'Signer change', 'Contract call (retired kind)'])
      expect(within(table).getByText(label)).toBeTruthy();
    for (const raw of ['withdraw', 'governance', 'contract', 'multisig.kind.contract']) expect(within(table).queryByText(raw)).toBeNull();
    expect(history.find((call) => call.query.state === 'closed')?.query.pageSize).toBe('25');
  });

  it('the detail is titled with it, and the dialog and toasts of an action say it', async () => {
    answer('get', ApiPath.sign.detail, withdrawal);
    answer('post', ApiPath.sign.confirm, { ...withdrawal, status: 'executed' });
    const loading = vi.spyOn(toasts, 'loading');
    const settle = vi.spyOn(toasts, 'settle');
    mountAdmin([multisig], '/multisig/41/show', 'merchantProFinance');
    expect((await screen.findByTestId('proposal-reference')).textContent).toBe('Test cold · #17');
    await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe('Test cold · #17'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Execute Test cold · #17: Withdrawal 1250.5 USDT?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(settle).toHaveBeenCalledWith(expect.anything(), 'success', 'Test cold · #17 executed'));
    expect(loading).toHaveBeenCalledWith('Executing Test cold · #17…');
  });

  it('a withdrawal row links its proposal by that name', async () => {
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    answer('get', ApiPath.currency.list, { list: [], count: 0 });
    answer('get', ApiPath.movement.list, {
      list: [
        {
          id: 90,
          kind: 'withdraw',
          orgId: 7,
          orgName: 'Test Org',
          chainId: 1,
          walletId: 3,
          walletLabel: 'Aurora cold',
          to: withdrawal.to,
          currencyId: 2,
          symbol: 'USDT',
          amount: '10',
          fee: '1',
          memo: '',
          orderNo: null,
          proposalId: 7,
          proposalNonce: 4,
          status: 'pending',
          txHash: null,
          createdBy: 'merchantProFinance',
          createdAt: '2026-03-01T10:00:00Z',
        },
      ],
      count: 1,
    });
    mountAdmin([withdraw], '/withdraw', 'merchantProFinance');
    const link = await screen.findByRole('link', { name: 'Aurora cold · #4' });
    expect(link.getAttribute('href')).toBe('/multisig/7/show');
    expect(screen.queryByText('#7')).toBeNull();
  });

  it('a withdrawal that started a proposal is named by it when saved ("Withdrawal Aurora cold · #4 created"), not by the movement’s id', () => {
    expect(recordDisplay(withdraw, { id: 13, walletLabel: 'Aurora cold', proposalNonce: 4 })).toBe('Aurora cold · #4');
    // Out of a wallet that is no multisig it executed at once: no proposal, its id.
    expect(recordDisplay(withdraw, { id: 14, walletLabel: 'Aurora hot', proposalNonce: null })).toBe('#14');
  });

  it('an export of the list names it the same way', () => {
    const column = exportColumns(withdraw, testI18nProvider.translate).find((c) => c.header === 'Proposal')!;
    expect(column.value({ proposalId: 7, proposalNonce: 4, walletLabel: 'Aurora cold' })).toBe('Aurora cold · #4');
    expect(column.value({ proposalId: null, proposalNonce: null, walletLabel: 'Birch deposits' })).toBeNull();
  });

  /** A ledger row of Aurora hot as the asset-flow list answers it; each test row says what differs. */
  const ledgerRow = (row: Record<string, unknown>) => ({
    walletId: 9,
    walletLabel: 'Aurora hot',
    orgId: 7,
    orgName: 'Test Org',
    chainId: 1,
    symbol: 'USDC',
    txHash: null,
    ...row,
  });
  const ledger = {
    list: [
      ledgerRow({
        id: 5,
        createdAt: '2026-03-01T10:00:00Z',
        delta: '500',
        balanceAfter: '500',
        reason: 'proposal',
        proposalId: 7,
        proposalWalletLabel: 'Aurora cold',
        proposalNonce: 4,
      }),
      ledgerRow({
        id: 4,
        createdAt: '2026-03-01T09:00:00Z',
        delta: '1',
        balanceAfter: '1',
        reason: 'initial credit',
        proposalId: null,
        proposalWalletLabel: null,
        proposalNonce: null,
      }),
    ],
    count: 2,
  };

  it('an asset-flow entry names the proposal that moved it (a supply credit names the cold wallet’s proposal)', async () => {
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    answer('get', ApiPath.chain.list, { list: [], count: 0 });
    answer('get', ApiPath.assetFlow.list, ledger);
    mountAdmin([assetFlow], '/asset-flow', 'merchantProFinance');
    const link = await screen.findByRole('link', { name: 'Aurora cold · #4' });
    expect(link.getAttribute('href')).toBe('/multisig/7/show');
  });

  it('a role without /multisig reads the name without a link that would end on /403', async () => {
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    answer('get', ApiPath.chain.list, { list: [], count: 0 });
    answer('get', ApiPath.assetFlow.list, ledger);
    mountAdmin([assetFlow], '/asset-flow', 'merchantLiteManager');
    expect((await screen.findByText('Aurora cold · #4')).closest('a')).toBeNull();
  });

  it('/home lists the proposals waiting for me by that name', async () => {
    const waiting = answer('get', ApiPath.sign.list, { list: [withdrawal, queued], count: 2 });
    answer('get', ApiPath.chain.list, { list: [], count: 0 });
    answer('get', ApiPath.currency.list, { list: [], count: 0 });
    answer('get', ApiPath.chainWallet.list, { list: [], count: 0 });
    answer('get', ApiPath.dashboard, { from: '2026-02-01', to: '2026-03-02', volume: [] });
    mountHome('merchantProFinance');
    const list = await screen.findByTestId('home-waiting-list');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/multisig/41/show', '/multisig/44/show']),
    );
    expect(within(list).getByText('Test cold · #17')).toBeTruthy();
    expect(within(list).getByText('Test cold · #18')).toBeTruthy();
    expect(waiting[0].query).toMatchObject({ waitingForMe: 'true', pageSize: '5' });
  });
});
