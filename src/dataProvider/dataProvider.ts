import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core';
import { type ResourcePaths, withId } from '../contract/apiPaths';
import type { ListQuery, ListResult } from '../contract/envelope';
import type { DownloadedFile, DownloadProgress, HttpClient } from './httpClient';
import { createConsoleMethods, type ConsoleMethods } from './consoleMethods';

/** The whole filtered, sorted list as the server's CSV stream (resources whose paths name an `export`). */
export interface ExportParams {
  filter: Record<string, unknown>;
  sort: GetListParams['sort'];
  /** The screen whose columns the file takes, where one endpoint serves two (the ledger and its lite view). */
  view: string;
  onProgress: DownloadProgress;
}
export type ExportList = (resource: string, params: ExportParams) => Promise<DownloadedFile>;

/** How one react-admin resource maps onto the API (docs/api.md "Paths"). */
export interface ResourceEndpoint {
  paths: ResourcePaths;
  /** Field the server keys records by (e.g. `proposalId`); react-admin's `id` mirrors it. Default 'id'. */
  idField?: string;
  /** Query parameter of the detail call (`/sys/sign/detail?proposalId=`). Default 'id' (docs/api.md "Paths"). */
  detailIdParam?: string;
  /** Chain and currency lists show an empty list when the call fails (the toast still shows; docs/console.md). */
  emptyOnListFailure?: boolean;
  /** A write that may change more than its record (a manager's own role): what to refresh once it succeeded. */
  afterUpdate?: (record: Record<string, unknown>) => Promise<void>;
}

export type ResourceRegistry = Record<string, ResourceEndpoint>;

/** react-admin's CRUD methods, the server export, and the console screens' own calls (consoleMethods.ts). */
export type ConsoleDataProvider = DataProvider & ConsoleMethods & { exportList: ExportList };

type ServerRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is ServerRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createDataProvider(http: HttpClient, registry: ResourceRegistry): ConsoleDataProvider {
  function endpointOf(resource: string) {
    const endpoint = Object.hasOwn(registry, resource) ? registry[resource] : undefined;
    if (!endpoint) throw new Error(`dataProvider: no endpoint declared for resource "${resource}"`);
    const idField = endpoint.idField ?? 'id';
    return { ...endpoint, idField, detailIdParam: endpoint.detailIdParam ?? 'id' };
  }
  type Endpoint = ReturnType<typeof endpointOf>;

  const toRecord = (endpoint: Endpoint, raw: ServerRecord): RaRecord =>
    (endpoint.idField === 'id' ? raw : { ...raw, id: raw[endpoint.idField] }) as RaRecord;

  /** The inverse of toRecord: the synthesized `id` goes back under the server's own key. */
  function toServer(endpoint: Endpoint, data: Partial<RaRecord>, id: Identifier): ServerRecord {
    if (endpoint.idField === 'id') return { ...data, id };
    const { id: _synthesized, ...rest } = data;
    return { ...rest, [endpoint.idField]: id };
  }

  /**
   * The id a write names its record by: the record's own, as the server typed it. react-admin
   * takes an edit's id from the URL, where `/contract-address/137` is the string "137"; a
   * schema that wants the number (a chain ID) would refuse it.
   */
  const recordId = (params: { id: Identifier; previousData?: Partial<RaRecord> }): Identifier => params.previousData?.id ?? params.id;

  /** A write answers with the record; when it answers with only an id (or nothing), rebuild it from what was sent. */
  const writtenRecord = (endpoint: Endpoint, answer: unknown, sent: ServerRecord): RaRecord =>
    toRecord(
      endpoint,
      isRecord(answer) ? answer : typeof answer === 'string' || typeof answer === 'number' ? { ...sent, [endpoint.idField]: answer } : sent,
    );

  function listQuery(endpoint: Endpoint, { pagination, sort, filter }: GetListParams): ListQuery {
    const sortField = sort?.field === 'id' ? endpoint.idField : sort?.field;
    return {
      ...filter,
      page: pagination?.page,
      pageSize: pagination?.perPage,
      sort: sortField,
      order: sortField ? (sort?.order.toLowerCase() as ListQuery['order']) : undefined,
    };
  }

  async function fetchList(endpoint: Endpoint, query: ListQuery, signal?: AbortSignal) {
    const result = await http.request<ListResult<ServerRecord>>('GET', endpoint.paths.list, { query, signal });
    const data = result.list.map((raw) => toRecord(endpoint, raw));
    // Uncounted (docs/DECISIONS.md "Reports at volume"): pages without a total.
    if (result.hasNextPage !== undefined)
      return { data, pageInfo: { hasNextPage: result.hasNextPage, hasPreviousPage: Number(query.page) > 1 } };
    return { data, total: result.count };
  }

  return {
    ...createConsoleMethods(http),
    // react-admin passes react-query's signal to the reads: a list or record nobody shows any more is not waited for.
    supportAbortSignal: true,

    async exportList(resource, { filter, sort, view, onProgress }) {
      const endpoint = endpointOf(resource);
      if (!endpoint.paths.export) throw new Error(`dataProvider: resource "${resource}" has no export endpoint`);
      const { page: _page, pageSize: _pageSize, ...query } = listQuery(endpoint, { filter, sort, pagination: { page: 1, perPage: 1 } });
      return http.download(endpoint.paths.export, { ...query, view }, onProgress);
    },

    async getList<RecordType extends RaRecord>(resource: string, params: GetListParams) {
      const endpoint = endpointOf(resource);
      try {
        const { data, ...paging } = await fetchList(endpoint, listQuery(endpoint, params), params.signal);
        return { data: data as RecordType[], ...paging };
      } catch (error) {
        if (endpoint.emptyOnListFailure) return { data: [] as RecordType[], total: 0 };
        throw error;
      }
    },

    async getOne(resource, params) {
      const endpoint = endpointOf(resource);
      const raw = await http.request<ServerRecord>('GET', endpoint.paths.detail, {
        query: { [endpoint.detailIdParam]: params.id },
        signal: params.signal,
      });
      return { data: toRecord(endpoint, raw) as never };
    },

    async getMany<RecordType extends RaRecord>(resource: string, params: { ids: Identifier[]; signal?: AbortSignal }) {
      const endpoint = endpointOf(resource);
      if (params.ids.length === 0) return { data: [] as RecordType[] };
      const { data } = await fetchList(endpoint, { ids: params.ids, page: 1, pageSize: params.ids.length }, params.signal);
      return { data: data as RecordType[] };
    },

    async getManyReference(resource, params) {
      const endpoint = endpointOf(resource);
      const query = listQuery(endpoint, { ...params, filter: { ...params.filter, [params.target]: params.id } });
      const { data, ...paging } = await fetchList(endpoint, query, params.signal);
      return { data: data as never[], ...paging };
    },

    async create(resource, params) {
      const endpoint = endpointOf(resource);
      const saved = await http.post<unknown>(endpoint.paths.save, params.data);
      return { data: writtenRecord(endpoint, saved, params.data) as never };
    },

    async update(resource, params) {
      const endpoint = endpointOf(resource);
      const sent = toServer(endpoint, params.data, recordId(params));
      const updated = writtenRecord(endpoint, await http.post<unknown>(endpoint.paths.update, sent), sent);
      await endpoint.afterUpdate?.(updated);
      return { data: updated as never };
    },

    async updateMany(resource, params) {
      const endpoint = endpointOf(resource);
      await Promise.all(
        params.ids.map(async (id) => {
          const sent = toServer(endpoint, params.data, id);
          const updated = writtenRecord(endpoint, await http.post<unknown>(endpoint.paths.update, sent), sent);
          await endpoint.afterUpdate?.(updated);
        }),
      );
      return { data: params.ids };
    },

    async delete(resource, params) {
      const endpoint = endpointOf(resource);
      const deleted = await http.post<unknown>(withId(endpoint.paths.delete, params.id));
      const previous = params.previousData ?? { [endpoint.idField]: params.id };
      return { data: (isRecord(deleted) ? toRecord(endpoint, deleted) : toRecord(endpoint, previous)) as never };
    },

    async deleteMany(resource, params) {
      const endpoint = endpointOf(resource);
      await Promise.all(params.ids.map((id) => http.post(withId(endpoint.paths.delete, id))));
      return { data: params.ids };
    },
  };
}
