import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { combine, masks } from '../../../src/access';
import { defineResource } from '../../../src/resources/engine';
import currencyDeclaration from '../../../src/resources/currency/resource';
import { session } from '../../../src/session';
import { startMockApi } from '../dataProvider/harness';
import { answer, mountAdmin, testResource } from './harness';
import { ApiPath, withId } from '../../../src/contract/apiPaths';

/** The currencies screen (/currency), from its declaration. */
const currency = defineResource(currencyDeclaration);

startMockApi();

/**
 * A resource declared here drives the generated views: these tests read the
 * declaration's fields back as columns, filters and inputs, and its masks as buttons.
 */
const widget = testResource({
  name: 'widget',
  fields: [
    { source: 'code', kind: 'text', required: true, sortable: true, filterable: 'alwaysOn', inForm: 'create' },
    { source: 'price', kind: 'amount', decimals: 2, default: '0' },
    { source: 'kind', kind: 'enum', choices: ['small', 'large'], filterable: true, sortable: true },
    { source: 'active', kind: 'boolean', default: true, filterable: true },
    { source: 'secret', kind: 'text', inList: false, inShow: false },
    { source: 'createdAt', kind: 'dateTime', inList: false, inForm: false },
  ],
  // Operators create and edit; only superAdmin and the managers delete.
  access: { create: masks.operator, edit: masks.operator, delete: combine(masks.allManagers) },
  recordRepresentation: 'code',
});

const rows = [
  { id: 1, code: 'W-1', price: '1.50', kind: 'small', active: true, secret: 's', createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, code: 'W-2', price: '20', kind: 'large', active: false, secret: 't', createdAt: '2026-01-02T00:00:00Z' },
];

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim());

describe('list: columns, sorting, filters and paging come from the fields', () => {
  it('shows the inList fields in order, sorts on the server by the first sortable field, pages 25 at a time', async () => {
    const calls = answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    mountAdmin([widget], '/widget', 'superAdmin');
    const table = await screen.findByRole('table');
    await within(table).findByText('W-2');
    expect(headers(table)).toEqual(['Code', 'Price', 'Kind', 'Active']);
    expect(calls[0].query).toMatchObject({ page: '1', pageSize: '25', sort: 'code', order: 'asc' });
    // Sortable fields are header buttons; the others are plain text.
    expect(within(table).getByRole('button', { name: /code/i })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /price/i })).toBeNull();
    expect(within(table).getByText('1.50')).toBeTruthy();
    // An amount shows the currency's decimals (up to two), so a column of them lines up.
    expect(within(table).getByText('20.00')).toBeTruthy();
  });

  it('amounts line up on the right, header and cells; text stays on the left', async () => {
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    mountAdmin([widget], '/widget', 'superAdmin');
    const table = await screen.findByRole('table');
    const cell = await within(table).findByText('20.00');
    expect(cell.closest('td')?.className).toContain('MuiTableCell-alignRight');
    expect(within(table).getByRole('columnheader', { name: 'Price' }).className).toContain('MuiTableCell-alignRight');
    expect(within(table).getByText('W-2').closest('td')?.className).not.toContain('MuiTableCell-alignRight');
  });

  it('offers the filterable fields as filters; "alwaysOn" is shown at once and goes to the server', async () => {
    const calls = answer('get', widget.endpoint.paths.list, ({ query }) => ({
      list: rows.filter((r) => !query.code || r.code.includes(query.code)),
      count: 1,
    }));
    mountAdmin([widget], '/widget', 'operatorEmployee');
    await screen.findByText('W-2');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /add filter/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Kind')).toBeTruthy();
    expect(within(menu).getByText('Active')).toBeTruthy();
    expect(within(menu).queryByText('Price')).toBeNull();
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'W-1');
    await waitFor(() => expect(calls.at(-1)?.query.code).toBe('W-1'));
  });

  it('an empty list says so and offers Create only to a role in the create mask', async () => {
    answer('get', widget.endpoint.paths.list, { list: [], count: 0 });
    mountAdmin([widget], '/widget', 'operatorEmployee');
    expect(await screen.findByTestId('resource-empty')).toBeTruthy();
    // Without a translation the resource's own name stands in.
    expect(screen.getByText('No widget yet.')).toBeTruthy();
    expect(within(screen.getByTestId('resource-empty')).getByRole('link', { name: /create/i })).toBeTruthy();
  });

  it('an empty list offers nothing to a role outside the create mask', async () => {
    answer('get', widget.endpoint.paths.list, { list: [], count: 0 });
    mountAdmin([widget], '/widget', 'merchantStdFinance');
    const empty = await screen.findByTestId('resource-empty');
    expect(within(empty).queryByRole('link')).toBeNull();
  });
});

describe('forms: inputs from the fields, only form fields are sent', () => {
  it('create: one input per form field with its default; the body carries exactly those fields', async () => {
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    const saves = answer('post', widget.endpoint.paths.save, ({ body }) => ({ id: 3, ...(body as object) }));
    mountAdmin([widget], '/widget/create', 'superAdmin');
    const code = await screen.findByLabelText<HTMLInputElement>(/^Code/);
    expect((screen.getByLabelText(/^Price/) as HTMLInputElement).value).toBe('0');
    expect(screen.queryByLabelText(/^Created at/)).toBeNull();
    const user = userEvent.setup();
    await user.type(code, 'W-3');
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '9.99');
    await user.type(screen.getByLabelText(/^Secret/), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ code: 'W-3', price: '9.99', active: true, secret: 'x' });
  });

  it('create: an amount finer than its decimals is refused on the field, before any request', async () => {
    const saves = answer('post', widget.endpoint.paths.save, {});
    mountAdmin([widget], '/widget/create', 'superAdmin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Code/), 'W-4');
    const price = screen.getByLabelText<HTMLInputElement>(/^Price/);
    await user.clear(price);
    await user.type(price, '1.005');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${price.id}-helper-text`)?.textContent).toBe('At most 2 decimal places.');
    expect(saves).toHaveLength(0);
  });

  it('edit: create-only fields are read-only and not sent; display-only fields stay home', async () => {
    answer('get', widget.endpoint.paths.detail, rows[0]);
    const updates = answer('post', widget.endpoint.paths.update, ({ body }) => body);
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    mountAdmin([widget], '/widget/1', 'operatorEmployee');
    const code = await screen.findByLabelText<HTMLInputElement>(/^Code/);
    await waitFor(() => expect(code.value).toBe('W-1'));
    expect(code.readOnly).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Secret/), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    // The record's own id, typed as the server gave it (the URL holds the text "1").
    expect(updates[0].body).toEqual({ id: 1, price: '1.50', kind: 'small', active: true, secret: 's2' });
  });

  it('says what was saved: "<resource> <record> created" / "… saved", as a success, not "Element created"', async () => {
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    answer('post', widget.endpoint.paths.save, ({ body }) => ({ id: 3, ...(body as object) }));
    mountAdmin([widget], '/widget/create', 'superAdmin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Code/), 'W-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('widget “W-3” created')).toBeTruthy();
    expect(screen.queryByText('Element created')).toBeNull();
  });

  it('an edit says "<resource> <record> saved"', async () => {
    answer('get', widget.endpoint.paths.detail, rows[1]);
    answer('post', widget.endpoint.paths.update, ({ body }) => ({ ...rows[1], ...(body as object) }));
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    mountAdmin([widget], '/widget/2', 'superAdmin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Secret/), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('widget “W-2” saved')).toBeTruthy();
  });

  it('a delete says "<resource> <record> deleted", not react-admin\'s "Element deleted"', async () => {
    answer('get', widget.endpoint.paths.detail, rows[1]);
    answer('post', withId(widget.endpoint.paths.delete, 2), () => null);
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    mountAdmin([widget], '/widget/2', 'superAdmin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('widget “W-2” deleted')).toBeTruthy();
    expect(screen.queryByText('Element deleted')).toBeNull();
  });
});

describe('access: buttons follow the declaration masks', () => {
  it('a role with edit but outside the delete mask edits without a Delete button', async () => {
    answer('get', widget.endpoint.paths.detail, rows[0]);
    mountAdmin([widget], '/widget/1', 'operatorEmployee');
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });

  it('a role in the delete mask gets Delete', async () => {
    answer('get', widget.endpoint.paths.detail, rows[0]);
    mountAdmin([widget], '/widget/1', 'superAdmin');
    expect(await screen.findByRole('button', { name: /delete/i })).toBeTruthy();
  });

  it('a read-only role sees the list without Create, and rows open the show page', async () => {
    answer('get', widget.endpoint.paths.list, { list: rows, count: 2 });
    answer('get', widget.endpoint.paths.detail, rows[0]);
    mountAdmin([widget], '/widget', 'merchantProManager');
    const row = await screen.findByText('W-1');
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
    const user = userEvent.setup();
    await user.click(row);
    await screen.findByText('Created at');
    expect(screen.queryByRole('link', { name: /edit/i })).toBeNull();
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('the edit URL is denied to a read-only role before the record is fetched', async () => {
    const details = answer('get', widget.endpoint.paths.detail, rows[0]);
    mountAdmin([widget], '/widget/1', 'merchantProManager');
    expect(await screen.findByText(/access denied|no access|not allowed/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(details).toHaveLength(0);
  });
});

describe('address fields are checked for the chain family of the form', () => {
  it('a wrong EIP-55 checksum on an EVM chain is refused on the field with the server’s message, without a request', async () => {
    answer('get', ApiPath.chain.list, { list: [{ id: 1, chainId: 1, name: 'Ethereum', family: 'evm' }], count: 1 });
    answer('get', ApiPath.currency.legalTenderList, { list: [{ code: 'USD', name: 'US Dollar' }], count: 1 });
    answer('get', ApiPath.currency.symbolAvailable, { list: [{ symbol: 'USDT', name: 'Tether USD' }], count: 1 });
    const saves = answer('post', ApiPath.currency.save, {});
    // Chain-scoped: a new currency starts on the chain selected in the app bar.
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    mountAdmin([currency], '/currency/create', 'superAdmin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Tether USD');
    // USDT's real address with one letter's case flipped: the checksum no longer matches.
    const address = screen.getByLabelText<HTMLInputElement>(/^Contract address/);
    await user.type(address, '0xdAC17F958D2ee523a2206206994597C13D831ec7'.replace('dAC17', 'DAC17'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${address.id}-helper-text`)?.textContent).toBe('The address checksum is wrong (EIP-55 mixed case).');
    expect(saves).toHaveLength(0);
  });
});

describe('a free-text field with suggestions (the currency symbol)', () => {
  const mountCurrencyForm = () => {
    answer('get', ApiPath.chain.list, { list: [{ id: 1, chainId: 1, name: 'Ethereum', family: 'evm' }], count: 1 });
    answer('get', ApiPath.currency.legalTenderList, { list: [{ code: 'USD', name: 'US Dollar' }], count: 1 });
    answer('get', ApiPath.currency.symbolAvailable, {
      list: [
        { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
        { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
      ],
      count: 2,
    });
    session.setChainList([{ chainId: 1, name: 'Ethereum', isDefault: true, family: 'evm' }]);
    mountAdmin([currency], '/currency/create', 'superAdmin');
  };

  it('the chain, which narrows the symbols offered, comes before the symbol', async () => {
    mountCurrencyForm();
    const symbol = await screen.findByRole('combobox', { name: /^Symbol/ });
    const chain = screen.getByLabelText(/^Chain/);
    expect(chain.compareDocumentPosition(symbol) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps a typed symbol that is not offered when the focus leaves ("MYT" + Tab)', async () => {
    mountCurrencyForm();
    const symbol = await screen.findByRole<HTMLInputElement>('combobox', { name: /^Symbol/ });
    const user = userEvent.setup();
    await user.type(symbol, 'MYT');
    await user.tab();
    expect(symbol.value).toBe('MYT');
    await user.click(symbol);
    await user.tab();
    expect(symbol.value).toBe('MYT');
  });

  it('picking a known symbol fills its name and decimals, which stay editable', async () => {
    const saves = answer('post', ApiPath.currency.save, ({ body }) => ({ id: 5, ...(body as object) }));
    mountCurrencyForm();
    const symbol = await screen.findByRole<HTMLInputElement>('combobox', { name: /^Symbol/ });
    const user = userEvent.setup();
    // The whole symbol typed, then its suggestion picked: still a pick.
    await user.type(symbol, 'USDT');
    await user.click(await screen.findByRole('option', { name: 'USDT — Tether USD' }));
    expect(symbol.value).toBe('USDT');
    const name = screen.getByLabelText<HTMLInputElement>(/^Name/);
    await waitFor(() => expect(name.value).toBe('Tether USD'));
    expect(screen.getByLabelText<HTMLInputElement>(/^Decimals/).value).toBe('6');
    await user.type(name, ' (bridged)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toMatchObject({ chainId: 1, symbol: 'USDT', name: 'Tether USD (bridged)', decimals: 6 });
  });
});
