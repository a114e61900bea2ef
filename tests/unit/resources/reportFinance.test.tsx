import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import paymentReportDeclaration from '../../../src/resources/paymentReport/resource';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { paidOrder } from './reportFixtures';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';
import { defineResource } from '../../../src/resources/engine';

const paymentReport = defineResource(paymentReportDeclaration);

startMockApi();

const order = paidOrder;

function mountPayments() {
  session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true } as never]);
  const listed = answer('get', ApiPath.report.payment.list, { list: [order], count: 1 });
  answer('get', ApiPath.report.payment.totals, { list: [] });
  answer('get', ApiPath.currency.list, { list: [], count: 0 });
  mountAdmin([paymentReport], '/payment-report', 'merchantProFinance');
  return listed;
}

/** The headers of the orders table (the totals card has a table of its own). */
const orderHeaders = () =>
  within(screen.getAllByRole('table').at(-1)!)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());

describe('saved filters per report', () => {
  it('the filters in use are saved under a name and come back from the filter menu', async () => {
    const listed = mountPayments();
    await screen.findByText(order.orderNo);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current query...' }));
    await user.type(await screen.findByRole('textbox', { name: 'Query name' }), 'Paid this month');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    // The query in use is the saved one: the menu offers to remove it.
    expect(await screen.findByRole('menuitem', { name: 'Remove query "Paid this month"' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    await expect.poll(() => listed.at(-1)?.query.status, { timeout: 5000 }).toBe('expired');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Paid this month' }));
    await expect.poll(() => listed.at(-1)?.query.status, { timeout: 5000 }).toBe('paid');
  }, 90_000);
});

describe('a report’s columns are finance’s to choose', () => {
  it('“Columns” hides a column from the table and shows it again', async () => {
    mountPayments();
    await screen.findByText(order.orderNo);
    await waitFor(() => expect(orderHeaders()).toContain('Fee'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const fee = await screen.findByRole('switch', { name: 'Fee' });
    await user.click(fee);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(orderHeaders()).not.toContain('Fee'));
    expect(orderHeaders()).toContain('Amount');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('switch', { name: 'Fee' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(orderHeaders()).toContain('Fee'));
  }, 60_000);
});

describe('a report over every chain', () => {
  it('“All chains” drops the app bar’s chain from the rows and the totals, shows each row’s chain, and is remembered', async () => {
    const listed = mountPayments();
    const totals = answer('get', ApiPath.report.payment.totals, { list: [] });
    answer('get', ApiPath.chain.list, { list: [{ id: 1, chainId: 1, name: 'Ethereum' }], count: 1 });
    await screen.findByText(order.orderNo);
    await expect.poll(() => listed.at(-1)?.query.chainId).toBe('1');
    expect(orderHeaders()).not.toContain('Chain');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Chains' }));
    await user.click(await screen.findByRole('option', { name: 'All chains' }));
    await expect.poll(() => listed.at(-1)?.query.chainId, { timeout: 5000 }).toBeUndefined();
    await expect.poll(() => totals.at(-1)?.query.chainId, { timeout: 5000 }).toBeUndefined();
    await waitFor(() => expect(orderHeaders()).toContain('Chain'));
    await waitFor(() => expect(within(screen.getAllByRole('table').at(-1)!).getAllByRole('row')[1].textContent).toContain('Ethereum'));
    expect(JSON.parse(localStorage.getItem('RaStore.payment-report.allChains') ?? 'false')).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Chains' }));
    await user.click(await screen.findByRole('option', { name: 'Ethereum' }));
    await expect.poll(() => listed.at(-1)?.query.chainId, { timeout: 5000 }).toBe('1');
    await waitFor(() => expect(orderHeaders()).not.toContain('Chain'));
  }, 90_000);
});

describe('a search too broad to count', () => {
  it('pages without a total, says why there are no totals, and still exports', async () => {
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true } as never]);
    const listed = answer('get', ApiPath.report.payment.list, { list: [order], count: 2, hasNextPage: true });
    answer('get', ApiPath.report.payment.totals, { list: [], count: 0, broad: true, searchCap: 50_000 });
    answer('get', ApiPath.currency.list, { list: [], count: 0 });
    mountAdmin([paymentReport], '/payment-report', 'merchantProFinance');
    await screen.findByText(order.orderNo);
    expect((await screen.findByTestId('broad-search')).textContent).toContain('More than 50,000 orders match this search');
    const next = await screen.findByRole('button', { name: 'Go to next page' });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    // No "of N": the count is not known.
    expect(screen.queryByText(/of 2$/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
    const user = userEvent.setup();
    await user.click(next);
    await expect.poll(() => listed.at(-1)?.query.page, { timeout: 5000 }).toBe('2');
  }, 60_000);
});

describe('an order opens beside its report', () => {
  it('a row opens the order with the payments seen on chain, its repairs and its ledger entries', async () => {
    mountPayments();
    const story = answer('get', ApiPath.report.order, {
      order,
      transfers: [{ txHash: '0xfeed', fromAddress: '0xpayer', amount: '5', blockTime: '2026-11-01T10:04:00.000Z' }],
      repairs: [],
      ledger: [
        {
          id: 9,
          walletLabel: 'Aurora deposits',
          symbol: 'USDT',
          delta: '5',
          balanceAfter: '105',
          reason: 'payment',
          txHash: '0xfeed',
          createdAt: '2026-11-01T10:05:00.000Z',
        },
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText(order.orderNo));
    const drawer = await screen.findByTestId('order-drawer');
    expect(within(drawer).getByRole('heading', { name: order.orderNo })).toBeTruthy();
    await within(drawer).findByRole('table', { name: 'Payments seen on chain' });
    expect(within(drawer).getByTestId('order-transfers').textContent).toContain('0xfeed');
    expect(within(drawer).getByTestId('order-ledger').textContent).toContain('Payment received');
    expect(within(drawer).getByTestId('order-ledger').textContent).toContain('Aurora deposits');
    expect(within(drawer).getByTestId('order-repairs').textContent).toContain('This order was never repaired.');
    expect(story.at(-1)?.query.id).toBe('1');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('order-drawer')).toBeNull());
  }, 60_000);
});
