import { expect } from 'vitest';
import type { TestServer } from './harness';
import type { ApiKeyScope } from '../../src/contract/apiKey';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let keySeq = 0;

/** A merchant API key made by `account` (a manager of a merchant org) on the console's API-key calls: the key, as shown once. */
export async function newApiKey(server: TestServer, account: string, scopes: ApiKeyScope[]): Promise<string> {
  const made = await server.as(account).call<{ id: number; key?: string }>('POST', ApiPath.apiKey.save, {
    body: { name: `Test key ${++keySeq}`, scopes },
  });
  expect(made).toMatchObject({ code: 200 });
  return made.data.key!;
}

/** Revokes a key, found by its value's prefix, as `account`. */
export async function revokeApiKey(server: TestServer, account: string, key: string): Promise<void> {
  const row = await server.db.selectFrom('apiKey').select('id').where('prefix', '=', key.slice(0, 10)).executeTakeFirstOrThrow();
  const revoked = await server.as(account).call('POST', withId(ApiPath.apiKey.revoke, row.id));
  expect(revoked).toMatchObject({ code: 200 });
}
