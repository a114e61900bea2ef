import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin, testResource } from './harness';
import { ApiPath } from '../../../src/contract/apiPaths';

startMockApi();

/** A ledger-like resource: an address and a transaction hash on the record's chain. */
const transferLog = testResource({
  name: 'transfer-log',
  fields: [
    { source: 'label', kind: 'text' },
    { source: 'chainId', kind: 'reference', reference: 'chain', inList: false },
    { source: 'to', kind: 'address' },
    { source: 'txHash', kind: 'address' },
  ],
});

const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX = `0x${'ab'.repeat(32)}`;
const TRON_TO = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const rows = [
  { id: 1, label: 'On Ethereum', chainId: 1, to: TO, txHash: TX },
  { id: 2, label: 'On TRON', chainId: 728126428, to: TRON_TO, txHash: null },
  { id: 3, label: 'On a chain without explorer', chainId: 99, to: TO, txHash: null },
];

const mount = () => {
  answer('get', transferLog.endpoint.paths.list, { list: rows, count: rows.length });
  answer('get', ApiPath.chain.list, { list: [], count: 0 });
  mountAdmin([transferLog], '/transfer-log', 'superAdmin');
  session.setChainList([
    { chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm', explorerUrl: 'https://etherscan.io/' },
    { chainId: 728126428, name: 'TRON', isDefault: false, family: 'tron', explorerUrl: 'https://tronscan.org' },
    { chainId: 99, name: 'Devnet', isDefault: false, family: 'evm', explorerUrl: '' },
  ]);
};

const rowOf = async (label: string) => (await screen.findByText(label)).closest('tr') as HTMLElement;

describe('addresses and hashes in a table: shortened, copied whole, linked to the explorer', () => {
  it('shows 0x1234…abcd, and the whole value in a tooltip', async () => {
    mount();
    const row = await rowOf('On Ethereum');
    expect(within(row).queryByText(TO)).toBeNull();
    const short = within(row).getByText('0x5aAe…eAed');
    await userEvent.setup().hover(short);
    expect((await screen.findByRole('tooltip')).textContent).toBe(TO);
    expect(within(row).getByText('0xabab…abab')).toBeTruthy();
  });

  it('copies the whole value without opening the row', async () => {
    mount();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const row = await rowOf('On Ethereum');
    const [copyAddress] = within(row).getAllByRole('button', { name: 'Copy' });
    await user.click(copyAddress);
    expect(writeText).toHaveBeenCalledWith(TO);
    expect(await navigator.clipboard.readText()).toBe(TO);
    // Said, and the list is still there: the click did not open the record's page.
    await screen.findByText('Copied to the clipboard.');
    expect(screen.getByText('On TRON')).toBeTruthy();
  });

  it("links to the record's chain explorer: /address/ and /tx/ on EVM, Tronscan's own routes; none without an explorer URL", async () => {
    mount();
    const eth = await rowOf('On Ethereum');
    await waitFor(() => expect(within(eth).getAllByRole('link', { name: 'Open in the block explorer' })).toHaveLength(2));
    const [addressLink, txLink] = within(eth).getAllByRole('link', { name: 'Open in the block explorer' });
    expect(addressLink.getAttribute('href')).toBe(`https://etherscan.io/address/${TO}`);
    expect(txLink.getAttribute('href')).toBe(`https://etherscan.io/tx/${TX}`);
    expect(addressLink.getAttribute('target')).toBe('_blank');
    expect(addressLink.getAttribute('rel')).toContain('noopener');
    const tron = await rowOf('On TRON');
    expect(within(tron).getByRole('link', { name: 'Open in the block explorer' }).getAttribute('href')).toBe(
      `https://tronscan.org/#/address/${TRON_TO}`,
    );
    const devnet = await rowOf('On a chain without explorer');
    expect(within(devnet).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(devnet).queryByRole('link', { name: 'Open in the block explorer' })).toBeNull();
  });
});
