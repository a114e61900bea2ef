import type { TestServer } from './harness';
import type { ApiKeyScope } from '../../src/contract/apiKey';

/** A merchant API key made by `account` through the console's API-key calls: the key as shown once. */
export async function newApiKey(_server: TestServer, _account: string, _scopes: ApiKeyScope[]): Promise<string> {
  throw new Error('the API-key resource lands with its own branch');
}

/** Revokes a key by its value, as its org's manager. */
export async function revokeApiKey(_server: TestServer, _account: string, _key: string): Promise<void> {
  throw new Error('the API-key resource lands with its own branch');
}
