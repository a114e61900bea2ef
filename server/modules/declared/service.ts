import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { containsPattern, paginate } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { ApiError, notFound } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { ListResult } from '../../../src/contract/envelope';
import { apiFieldsOf, columnOf } from '../../../src/resources/engine/apiFields';
import type { DeclaredSchemas } from '../../../src/resources/engine/declaredSchemas';
import type { GenericApi, ResourceDeclaration } from '../../../src/resources/engine/types';
import type { z } from 'zod';

type Row = Record<string, unknown>;

/**
 * One service for every resource a declaration alone serves (docs/architecture.md "Adding a
 * resource"): list, detail, save, update and delete over the declaration's table, in the
 * caller's tenancy, answering only the declared columns (a column the migration adds and the
 * declaration does not name never leaves the database).
 */
export function declaredService(declaration: ResourceDeclaration & { api: GenericApi }) {
  const { api } = declaration;
  const { table } = api;
  const served = apiFieldsOf(declaration);
  const byOrg = api.tenancy === 'org';
  const english = declaration.translations?.['en-US']?.name;
  const what = (typeof english === 'object' ? english.one : english) ?? declaration.name;
  const columns = ['id', ...(byOrg ? ['orgId'] : []), ...served.map((s) => s.field.source), 'createdAt', 'updatedAt'];
  const selected = columns.map((c) => `${table}.${c}`);
  // The generic service names tables and columns at run time, from the declaration; Kysely's
  // `withTables` widens the typed schema to any table of plain rows (no cast, same connection).
  const any = (db: Db) => db.withTables<Record<string, Row>>();

  /** What the caller may read: every row (platform), or the rows of the orgs in its scope. */
  const readable = (db: Db, caller: Caller) => {
    const all = any(db).selectFrom(table);
    return byOrg ? all.where(orgVisibleTo(caller, `${table}.org_id`)) : all;
  };
  /** What the caller may change: its selected org's rows only (an agent reads its merchants' rows, never writes them). */
  const writable = (db: Db, caller: Caller, id: number) => {
    const row = any(db).selectFrom(table).where('id', '=', id);
    return byOrg ? row.where('orgId', '=', caller.org.orgId) : row;
  };

  async function detail(db: Db, caller: Caller, id: number): Promise<Row> {
    const row = await readable(db, caller).select(selected).where(`${table}.id`, '=', id).executeTakeFirst();
    if (!row) throw notFound(what);
    return row;
  }

  async function assertRoom(db: Db, caller: Caller): Promise<void> {
    if (api.maxRows === undefined) return;
    // Writers of one org (or of the platform's rows) queue here, so two racing saves cannot both see room for one.
    if (byOrg) await any(db).selectFrom('org').select('id').where('id', '=', caller.org.orgId).forUpdate().execute();
    else await sql`select pg_advisory_xact_lock(hashtext(${table}))`.execute(db);
    let counted = any(db)
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('count'));
    if (byOrg) counted = counted.where('orgId', '=', caller.org.orgId);
    const { count } = (await counted.executeTakeFirstOrThrow()) as { count: number };
    if (count >= api.maxRows) throw new ApiError(BodyCode.conflict, 'api.declaredTooMany', { params: { what, max: api.maxRows } });
  }

  return {
    async list(db: Db, caller: Caller, query: z.output<DeclaredSchemas['list']>): Promise<ListResult<Row>> {
      let filtered = readable(db, caller);
      for (const { field } of served) {
        const value = (query as Row)[field.source];
        if (!field.filterable || value === undefined) continue;
        filtered =
          field.kind === 'text'
            ? filtered.where(`${table}.${field.source}`, 'ilike', containsPattern(String(value)))
            : filtered.where(`${table}.${field.source}`, '=', value);
      }
      const searched = served.filter((s) => s.field.kind === 'text');
      if (query.q && searched.length > 0) {
        const pattern = containsPattern(query.q);
        filtered = filtered.where((eb) => eb.or(searched.map((s) => eb(`${table}.${s.field.source}`, 'ilike', pattern))));
      }
      if (query.ids) filtered = filtered.where(`${table}.id`, 'in', query.ids);
      const sortable = ['id', ...declaration.fields.filter((f) => f.sortable).map((f) => f.source)];
      return paginate(filtered, query, {
        select: (qb) => qb.select(selected),
        sortColumns: Object.fromEntries(sortable.map((s) => [s, `${table}.${columnOf(s)}`])),
        defaultSort: declaration.list?.sort?.field && sortable.includes(declaration.list.sort.field) ? declaration.list.sort.field : 'id',
        tieBreaker: `${table}.id`,
      }) as Promise<ListResult<Row>>;
    },

    detail,

    // Each write is one transaction: its locks (the org's row for the limit, the record's) hold until it commits.
    save: (db: Db, caller: Caller, body: z.output<DeclaredSchemas['create']>, now: Date): Promise<Row> =>
      db.transaction().execute(async (trx) => {
        await assertRoom(trx, caller);
        const values = {
          ...(api.beforeSave?.(body, 'create') ?? body),
          ...(byOrg ? { orgId: caller.org.orgId } : {}),
          createdAt: now,
          updatedAt: now,
        };
        const { id } = (await any(trx).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number };
        return detail(trx, caller, id);
      }),

    update: (db: Db, caller: Caller, body: z.output<DeclaredSchemas['update']>, now: Date): Promise<Row> =>
      db.transaction().execute(async (trx) => {
        const { id, ...given } = body as Row & { id: number };
        const changes = api.beforeSave?.(given, 'update') ?? given;
        const found = await writable(trx, caller, id).select('id').forUpdate().executeTakeFirst();
        if (!found) throw notFound(what);
        await any(trx)
          .updateTable(table)
          .set({ ...changes, updatedAt: now })
          .where('id', '=', id)
          .execute();
        return detail(trx, caller, id);
      }),

    /** Answers the record as it was, like every delete of the API. */
    remove: (db: Db, caller: Caller, id: number): Promise<Row> =>
      db.transaction().execute(async (trx) => {
        const found = await writable(trx, caller, id).select('id').forUpdate().executeTakeFirst();
        if (!found) throw notFound(what);
        const removed = await detail(trx, caller, id);
        for (const guard of api.deleteGuards ?? []) {
          const used = await any(trx)
            .selectFrom(guard.table)
            .select(sql<number>`1`.as('one'))
            .where(guard.column, '=', id)
            .limit(1)
            .executeTakeFirst();
          if (used) throw new ApiError(BodyCode.conflict, guard.message);
        }
        await any(trx).deleteFrom(table).where('id', '=', id).execute();
        return removed;
      }),
  };
}
