import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import gasReportDeclaration from '../../../src/resources/gasReport/resource';
import linkpayReportDeclaration from '../../../src/resources/linkpayReport/resource';
import paymentReportDeclaration from '../../../src/resources/paymentReport/resource';
import rechargeReportDeclaration from '../../../src/resources/rechargeReport/resource';
import { dayRange } from '../../../src/resources/reports/zonedTime';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { paidOrder } from './reportFixtures';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';
import { defineResource } from '../../../src/resources/engine';
import type { ResourceDefinition } from '../../../src/resources/engine/types';

/** The report screens, from their declarations (src/resources/<kind>Report/resource.ts). */
const gasReport = defineResource(gasReportDeclaration);
const linkpayReport = defineResource(linkpayReportDeclaration);
const paymentReport = defineResource(paymentReportDeclaration);
const rechargeReport = defineResource(rechargeReportDeclaration);

startMockApi();

const order = paidOrder;
const orderTotal = { chainId: 1, symbol: 'USDT', paidCount: 3, paidAmount: '1234567.5', fee: '0.3', unpaidCount: 2, unpaidAmount: '20' };
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/** A report at `path` whose list answers `list` and whose totals answer `totals`; returns the calls. */
function mountReport(
  definition: ResourceDefinition,
  kind: Exclude<keyof typeof ApiPath.report, 'order'>,
  path: string,
  list: object[],
  totals: object[],
) {
  session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true } as never]);
  const listed = answer('get', ApiPath.report[kind].list, { list, count: list.length });
  answer('get', ApiPath.report[kind].totals, { list: totals });
  const currencies = answer('get', ApiPath.currency.list, {
    list: [
      { id: 1, symbol: 'ETH', chainId: 1 },
      { id: 2, symbol: 'USDT', chainId: 1 },
    ],
    count: 2,
  });
  mountAdmin([definition], path, 'merchantProFinance');
  return Object.assign(listed, { currencies });
}

describe('report totals say what they sum', () => {
  it.each([
    [paymentReport, 'payment' as const, 'Totals of the filtered payments'],
    [linkpayReport, 'linkpay' as const, 'Totals of the filtered pay-link payments'],
    [rechargeReport, 'recharge' as const, 'Totals of the filtered recharges'],
  ])(
    '%#: an order report keeps paid orders (count, amount, fee) apart from those not paid, figures in the language',
    async (definition, kind, title) => {
      mountReport(definition, kind, `/${kind}-report`, [order], [orderTotal]);
      const table = await screen.findByRole('table', { name: title });
      expect(headers(table)).toEqual(['Currency', 'Paid orders', 'Paid amount', 'Fee', 'Not paid', 'Not-paid amount']);
      expect(
        within(table)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['USDT · Ethereum', '3', '1,234,567.50', '0.30', '2', '20.00']);
    },
  );

  it('the gas report sums gas per native coin, not orders', async () => {
    const gas = {
      id: 1,
      chainId: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      orgName: 'Org',
      walletLabel: 'Hot',
      reason: 'sweep',
      symbol: 'ETH',
      fee: '0.002',
      txHash: '0xabc',
    };
    mountReport(gasReport, 'gas', '/gas-report', [gas], [{ chainId: 1, symbol: 'ETH', count: 4, gas: '0.01' }]);
    const table = await screen.findByRole('table', { name: 'Gas spent on the filtered transactions' });
    expect(headers(table)).toEqual(['Native coin', 'Transactions', 'Gas spent']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ETH · Ethereum', '4', '0.01']);
    // Gas is always the chain's native coin: no currency to pick.
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
  });
});

describe('the currency filter is a picker of the chain’s currencies', () => {
  it('offers the selected chain’s currencies and filters the list by the one picked', async () => {
    const listed = mountReport(paymentReport, 'payment', '/payment-report', [order], [orderTotal]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Currency' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All currencies', 'ETH', 'USDT']));
    expect(listed.currencies.every((call) => call.query.chainId === '1')).toBe(true);
    await user.click(screen.getByRole('option', { name: 'USDT' }));
    await expect.poll(() => listed.at(-1)?.query.symbol, { timeout: 5000 }).toBe('USDT');
  });
});

describe('the days of a report', () => {
  it('From then To, picked one right after the other, both filter the list', async () => {
    const listed = mountReport(paymentReport, 'payment', '/payment-report', [order], [orderTotal]);
    await screen.findByText(order.orderNo);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { dateFrom, dateTo } = dayRange('2026-11-01', '2026-11-07', zone);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-07' } });
    await expect.poll(() => listed.at(-1)?.query.dateTo, { timeout: 5000 }).toBe(dateTo);
    expect(listed.at(-1)?.query.dateFrom).toBe(dateFrom);
  });
});

describe('an empty report says why', () => {
  it('nothing filtered: a plain "No payments yet", no range is mentioned', async () => {
    mountReport(paymentReport, 'payment', '/payment-report', [], []);
    await screen.findByText('No payments yet.');
    expect(screen.queryByText(/range/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('filtered: names each filter that hid the rows, the days as a range, and clears them', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const filter = { status: 'paid', symbol: 'USDT', ...dayRange('2026-11-01', '2026-11-07', zone) };
    const listed = mountReport(paymentReport, 'payment', `/payment-report?filter=${encodeURIComponent(JSON.stringify(filter))}`, [], []);
    const empty = await screen.findByTestId('report-empty');
    await within(empty).findByText('No payments match these filters:');
    expect(within(empty).getByText('Status: Paid')).toBeTruthy();
    expect(within(empty).getByText('Currency: USDT')).toBeTruthy();
    expect(within(empty).getByText('Days: Nov 1 – 7, 2026')).toBeTruthy();

    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('No payments yet.');
    // The empty state follows the form's filters at once; the list's next call may still be on its way.
    await waitFor(() => {
      const last = listed.at(-1)!.query;
      expect([last.status, last.symbol, last.dateFrom]).toEqual([undefined, undefined, undefined]);
    });
  });
});
