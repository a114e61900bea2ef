import { describe, expect, it, vi } from 'vitest';
import { testResource } from './harness';
import type { DataProvider } from 'react-admin';
import { csvCell, toCsv } from '../../../src/resources/engine/csv';
import { fetchAll } from '../../../src/resources/engine/fetchAll';
import { exportColumns } from '../../../src/resources/engine/exportColumns';
import { referenceNames } from '../../../src/resources/engine/referenceNames';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';

describe('csv', () => {
  it('quotes what must be quoted and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('defuses cells a spreadsheet would run as formulas, but keeps negative amounts numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-1250')).toBe('-1250');
    expect(csvCell('-0.000000000000000001')).toBe('-0.000000000000000001');
  });

  it('a file: BOM, header row, CRLF line ends', () => {
    const text = toCsv([{ header: 'Name', value: (r: { n: string }) => r.n }], [{ n: 'a' }, { n: 'b,c' }]);
    expect(text).toBe('\uFEFFName\r\na\r\n"b,c"\r\n');
  });
});

describe('fetchAll: the whole filtered set, page by page', () => {
  const provider = (rows: number) => {
    const getList = vi.fn(async (_resource: string, params: { pagination: { page: number; perPage: number } }) => {
      const { page, perPage } = params.pagination;
      const start = (page - 1) * perPage;
      const data = Array.from({ length: Math.max(0, Math.min(perPage, rows - start)) }, (_, i) => ({ id: start + i + 1 }));
      return { data, total: rows };
    });
    return { getList } as unknown as DataProvider & { getList: typeof getList };
  };

  it('reads 1203 rows in pages of 500 with the same filter and sort', async () => {
    const dp = provider(1203);
    const records = await fetchAll(dp, 'asset-flow', { filter: { symbol: 'USDT' }, sort: { field: 'createdAt', order: 'DESC' } });
    expect(records).toHaveLength(1203);
    expect(records.at(-1)).toEqual({ id: 1203 });
    expect(dp.getList).toHaveBeenCalledTimes(3);
    expect(dp.getList.mock.calls.map(([, p]) => p.pagination.page)).toEqual([1, 2, 3]);
    expect(dp.getList.mock.calls.every(([, p]) => (p as unknown as { filter: object }).filter && p.pagination.perPage === 500)).toBe(true);
  });

  it('an exact multiple of the page size stops at the announced count; an empty list after one call', async () => {
    const exact = provider(1000);
    expect(await fetchAll(exact, 'x', { filter: {}, sort: { field: 'id', order: 'ASC' } })).toHaveLength(1000);
    expect(exact.getList).toHaveBeenCalledTimes(2);
    const none = provider(0);
    expect(await fetchAll(none, 'x', { filter: {}, sort: { field: 'id', order: 'ASC' } })).toEqual([]);
    expect(none.getList).toHaveBeenCalledTimes(1);
  });
});

/** A declaration of `fields` for this file only, at a test-only route of its own. */
const exportTestResource = (name: string, fields: ResourceDeclaration['fields']) =>
  testResource({ name, route: { path: `/${name}-export-test`, group: 'all' }, fields });

describe('exportColumns: cells as the screen words them', () => {
  const definition = exportTestResource('thing', [
    { source: 'name', kind: 'text' },
    { source: 'family', kind: 'enum', choices: [{ id: 'evm', name: 'family.evm' }] },
    { source: 'enabled', kind: 'boolean' },
    { source: 'balances', kind: 'list', itemText: (b) => `${String(b.amount)} ${String(b.symbol)}` },
    { source: 'secret', kind: 'text', inList: false, inShow: false },
  ]);
  const translate = (key: string) => ({ 'family.evm': 'EVM', 'ra.boolean.true': 'Yes', 'resources.thing.fields.name': 'Name' })[key] ?? key;

  it('translates headers and enum labels, joins list items, leaves out fields no view shows', () => {
    const columns = exportColumns(definition, translate as never);
    expect(columns.map((c) => c.header)).toEqual([
      'Name',
      'resources.thing.fields.family',
      'resources.thing.fields.enabled',
      'resources.thing.fields.balances',
    ]);
    const record = {
      name: 'Main',
      family: 'evm',
      enabled: true,
      balances: [
        { amount: '1.5', symbol: 'ETH' },
        { amount: '2', symbol: 'USDT' },
      ],
      secret: 'x',
    };
    expect(columns.map((c) => c.value(record))).toEqual(['Main', 'EVM', 'Yes', '1.5 ETH; 2 USDT']);
  });

  describe('records referred to by id', () => {
    const referring = exportTestResource('referring', [
      { source: 'label', kind: 'text' },
      { source: 'chainId', kind: 'reference', reference: 'chain' },
      { source: 'currencyId', kind: 'reference', reference: 'currency' },
      { source: 'orgId', kind: 'reference', reference: 'org' },
    ]);
    const words: Record<string, string> = {
      'resources.referring.fields.chainId': 'Chain',
      'resources.referring.fields.currencyId': 'Currency',
      'resources.referring.fields.orgId': 'Organisation',
      'export.id.chain': 'Chain ID',
      'export.id.currency': 'Currency ID',
    };
    const say = ((key: string, options?: { _?: string }) => words[key] ?? options?._ ?? key) as never;

    it('are named under the field’s label, their id beside in a column named as such', () => {
      const names = { chain: new Map([['56', 'BNB Smart Chain']]), currency: new Map([['7', 'USDT']]) };
      const columns = exportColumns(referring, say, names);
      expect(columns.map((c) => c.header)).toEqual([
        'label',
        'Chain',
        'Chain ID',
        'Currency',
        'Currency ID',
        'Organisation',
        'Organisation ID',
      ]);
      // The org is named by the record itself (orgName), as the screen shows it.
      const record = { label: 'Main', chainId: 56, currencyId: 7, orgId: 4, orgName: 'Aurora Pay (Pro)' };
      expect(columns.map((c) => c.value(record))).toEqual(['Main', 'BNB Smart Chain', 56, 'USDT', 7, 'Aurora Pay (Pro)', 4]);
      // A name not found (a record deleted since) keeps the id rather than an empty cell.
      expect(columns.map((c) => c.value({ label: 'x', chainId: 999, currencyId: null, orgId: 4 }))).toEqual(['x', 999, 999, '', '', 4, 4]);
    });

    it('referenceNames fetches each target’s whole list once and names by its label', async () => {
      const lists: Record<string, Array<Record<string, unknown>>> = {
        chain: [
          { id: 1, chainId: 1, name: 'Ethereum' },
          { id: 56, chainId: 56, name: 'BNB Smart Chain' },
        ],
        currency: [{ id: 7, symbol: 'USDT' }],
        org: [{ id: 4, orgId: 4, orgName: 'Aurora Pay (Pro)' }],
      };
      const getList = vi.fn(async (resource: string) => {
        const data = resource.includes('/chain/') ? lists.chain : resource.includes('/currency/') ? lists.currency : lists.org;
        return { data, total: data.length };
      });
      const names = await referenceNames({ getList } as unknown as DataProvider, referring);
      expect(names.chain?.get('56')).toBe('BNB Smart Chain');
      expect(names.currency?.get('7')).toBe('USDT');
      expect(names.org?.get('4')).toBe('Aurora Pay (Pro)');
      expect(getList).toHaveBeenCalledTimes(3);
      // A lookup the server refuses leaves the ids, not a failed export.
      const refused = await referenceNames(
        { getList: vi.fn(async () => Promise.reject(new Error('403'))) } as unknown as DataProvider,
        referring,
      );
      expect(refused).toEqual({});
    });
  });
});
