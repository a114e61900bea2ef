import type { Db } from '../../db/database';
import type { ApiKeyScope } from '../../../src/contract/apiKey';

/** Placeholder until the API-key resource lands (replaced by its own file). */
export async function findActiveKey(
  _db: Db,
  _presented: string,
  _now: Date,
): Promise<{ id: number; orgId: number; name: string; prefix: string; scopes: ApiKeyScope[] } | null> {
  return null;
}
export async function stampKeyUse(_db: Db, _id: number, _now: Date): Promise<void> {}
