import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { startTestServer, type TestServer } from './harness';
import { inlinedWrite, ONE_MESSAGE } from '../../server/db/auditedDialect';
import { ApiPath } from '../../src/contract/apiPaths';
import { demoEvmAddress } from '../../server/db/seed/wallets';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A one-statement write travels with its transaction's start and commit in one message on
 * PostgreSQL, its parameters written in (docs/DECISIONS.md "A one-statement write in one round
 * trip"): the statement written in must be the very statement with its parameters, value for value.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const rowsOf = async (query: CompiledQuery) => (await server.database.db.executeQuery(query)).rows;

describe('a write with its parameters written in', () => {
  it('reads back every kind of value as the parameterised statement does', async () => {
    const query = CompiledQuery.raw(
      'select $1::text as quoted, $2::text as backslash, $3::text as missing, $4::int as number, $5::timestamptz as at, $6::timestamp as local, $7::int[] as list, $8::jsonb as object, $9::boolean as flag, $10::text as tenth',
      [
        "it's",
        'back\\slash \\x00',
        null,
        42,
        new Date('2026-01-02T03:04:05.678Z'),
        new Date('2026-06-07T08:09:10.111Z'),
        [1, 2],
        { a: "b'c", d: [1, null] },
        true,
        'ten, not $1',
      ],
    );
    const inlined = inlinedWrite(query);
    expect(inlined).toBeDefined();
    expect(await rowsOf(CompiledQuery.raw(inlined!))).toEqual(await rowsOf(query));
  });

  it('is not written in where that could not be exact: SQL with literals or dollar quotes of its own, a binary parameter', () => {
    expect(inlinedWrite(CompiledQuery.raw("select $1::text || '$2'", ['a']))).toBeUndefined();
    expect(inlinedWrite(CompiledQuery.raw('select $$ $1 $$, $1::text', ['a']))).toBeUndefined();
    expect(inlinedWrite(CompiledQuery.raw('select $1::bytea', [Buffer.from('a')]))).toBeUndefined();
  });

  it('an audited save is one message on PostgreSQL (start, audit context, insert, commit), with its audit event written', async () => {
    const messages: string[] = [];
    const clientQuery = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
      if (/insert into "address_book_entry"/i.test(text)) messages.push(text);
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
    const token = await server.login('merchantProManager');
    let saved;
    try {
      saved = await server.call<{ id: number }>('POST', ApiPath.addressBook.save, {
        token,
        body: { chainId: 1, address: demoEvmAddress('one message'), label: "Supplier's 'main'" },
      });
    } finally {
      pg.Client.prototype.query = clientQuery;
    }
    expect(saved.code, saved.msg).toBe(200);
    if (onPostgres) {
      expect(messages).toHaveLength(1);
      expect(messages[0]!.startsWith(ONE_MESSAGE)).toBe(true);
      expect(messages[0]).toMatch(/set_config\('audit\.context'.*; insert into "address_book_entry".*; commit$/s);
    } else expect(messages).toEqual([]);
    const { rows } = await sql<{ label: string; events: number }>`
      select b.label, (select count(*)::int from audit_event e where e.entity = 'addressBook' and e.entity_id = b.id::text and e.action = 'create') as events
        from address_book_entry b where b.id = ${saved.data.id}`.execute(server.db);
    expect(rows).toEqual([{ label: "Supplier's 'main'", events: 1 }]);
  });
});
