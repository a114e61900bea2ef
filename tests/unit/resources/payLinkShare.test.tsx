import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import declaration from '../../../src/resources/payLink/resource';
import { defineResource } from '../../../src/resources/engine';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';

/** The pay links screen, from its declaration. */
const payLink = defineResource(declaration);

startMockApi();

const link = {
  id: 5,
  code: 'aB3-x_9Q',
  title: 'Gift card',
  orgId: 7,
  orgName: 'Test Org',
  chainId: 1,
  currencyId: 2,
  symbol: 'USDT',
  amount: '25',
  enabled: true,
  paidCount: 0,
  paidTotal: '0',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const url = `${window.location.origin}/pay/aB3-x_9Q`;

describe('a pay link shows the URL its payers open', () => {
  it('the list shows the link’s URL; copy puts it on the clipboard; its QR code holds it', async () => {
    answer('get', ApiPath.payLink.list, { list: [link], count: 1 });
    mountAdmin([payLink], '/pay-link', 'merchantProEmployee');
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Gift card/ });
    const shown = await within(row).findByRole('link', { name: url });
    expect(shown.getAttribute('href')).toBe(url);
    expect(screen.getByRole('columnheader', { name: 'Payment link' })).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Copy link' }));
    await expect.poll(() => navigator.clipboard.readText(), { timeout: 5000 }).toBe(url);
    // The copy stays in the row: it does not open the record.
    expect(window.location.pathname).not.toMatch(/\/pay-link\/5/);

    await user.click(within(row).getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gift card' });
    const qr = within(dialog).getByRole('img', { name: `QR code of ${url}` });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real code: the module grid is drawn as one path.
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(url)).toBeTruthy();
  });

  it('the link’s own page shows it too, with a Share button opening its QR code', async () => {
    answer('get', ApiPath.payLink.detail, link);
    answer('get', ApiPath.chain.list, { list: [{ chainId: 1, name: 'Ethereum' }], count: 1 });
    answer('get', ApiPath.currency.list, { list: [{ id: 2, symbol: 'USDT', chainId: 1 }], count: 1 });
    mountAdmin([payLink], '/pay-link/5/show', 'merchantProEmployee');
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: url })).getAttribute('href')).toBe(url);
    // The Share action is its own lazy chunk, loaded beside the URL field's: await it too.
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gift card' });
    expect(within(dialog).getByRole('img', { name: `QR code of ${url}` })).toBeTruthy();
  });
});
