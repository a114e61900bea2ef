import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import paymentReportDeclaration from '../../../src/resources/paymentReport/resource';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';
import { defineResource } from '../../../src/resources/engine';

const paymentReport = defineResource(paymentReportDeclaration);

startMockApi();

const order = {
  id: 1,
  orderNo: 'P-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  orgName: 'Org',
  symbol: 'USDT',
  amount: '5',
  fee: '0',
  status: 'paid',
  paidAt: '2026-01-01T23:30:00.000Z',
};

describe('a report shows its times in the zone its date range is picked in', { timeout: 60_000 }, () => {
  it('the rows follow the time-zone picker, and the range is sent as that zone’s midnights', async () => {
    const listed = answer('get', ApiPath.report.payment.list, { list: [order], count: 1 });
    answer('get', ApiPath.report.payment.totals, { list: [] });
    mountAdmin([paymentReport], '/payment-report', 'merchantProFinance');
    const user = userEvent.setup();
    const pick = async (zone: string) => {
      await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));
      await user.click(await screen.findByRole('option', { name: zone }));
    };
    const row = async () => within(screen.getAllByRole('table').at(-1)!).findByRole('row', { name: /P-1/ });

    await screen.findByText('P-1');
    await pick('UTC');
    await expect.poll(async () => (await row()).textContent).toContain('Jan 1, 2026, 12:00 AM');
    expect((await row()).textContent).toContain('Jan 1, 2026, 11:30 PM');

    await pick('Asia/Shanghai');
    await expect.poll(async () => (await row()).textContent).toContain('Jan 1, 2026, 8:00 AM');
    // Paid at 23:30 UTC is already the next day in Shanghai.
    expect((await row()).textContent).toContain('Jan 2, 2026, 7:30 AM');

    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await expect.poll(() => listed.at(-1)?.query.dateFrom).toBe('2025-12-31T16:00:00.000Z');
  });
});
