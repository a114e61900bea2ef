import type { DataProvider, RaRecord, SortPayload } from 'react-admin';
import { MAX_PAGE_SIZE } from '../../contract/constants';

/**
 * Every record of a filtered list, page by page at the API's largest page size: an export
 * holds the whole filtered set (docs/api.md "Exports"), not the screen's page nor a fixed 1000 rows.
 * Stops at the count the first page announced, or at an empty page.
 */
export async function fetchAll(
  dataProvider: DataProvider,
  resource: string,
  params: { filter: Record<string, unknown>; sort: SortPayload },
  pageSize: number = MAX_PAGE_SIZE,
): Promise<RaRecord[]> {
  const records: RaRecord[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList(resource, { ...params, pagination: { page, perPage: pageSize } });
    records.push(...data);
    if (data.length < pageSize || (total !== undefined && records.length >= total)) return records;
  }
}
