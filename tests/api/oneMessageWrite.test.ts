import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { inlinedWrite } from '../../server/db/auditedDialect';

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
});
