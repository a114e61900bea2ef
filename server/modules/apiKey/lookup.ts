import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withoutAuditContext } from '../../http/auditContext';
import { outsideReadRequest } from '../../http/readRequest';
import { isApiKeyFormat, isApiKeyScope, type ApiKeyScope } from '../../../src/contract/apiKey';
import { hashApiKey } from './service';

/** A key in force, as the merchant API (/api/v1) acts on it. */
export interface ActiveApiKey {
  id: number;
  orgId: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
}

/**
 * The key a merchant API request presents (docs/api.md "Merchant API keys"), or null: a string
 * not of the key format without a query; otherwise by its SHA-256, and only while not revoked.
 * Nothing is cached, so a revocation refuses the key at once on every instance
 * (docs/DECISIONS.md "Merchant API keys"). `now` is the caller's clock, for what it stamps after.
 */
export async function findActiveKey(db: Db, presented: string, now: Date): Promise<ActiveApiKey | null> {
  void now;
  if (!isApiKeyFormat(presented)) return null;
  const row = await db
    .selectFrom('apiKey')
    .select(['id', 'orgId', 'name', 'prefix', 'scopes'])
    .where('secretHash', '=', hashApiKey(presented))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return row ? { ...row, scopes: row.scopes.filter(isApiKeyScope) } : null;
}

/**
 * Stamps a key's "last used" (shown on /api-key), at most once a minute per key by the statement
 * itself, so several instances write no more. As a session's stamp (server/http/sessionUse.ts), it
 * is no change a person made: no audit event, and it runs outside a GET's no-write guard.
 */
export async function stampKeyUse(db: Db, id: number, now: Date): Promise<void> {
  await withoutAuditContext(() =>
    outsideReadRequest(() =>
      sql`
        update api_key set last_used_at = ${now}
        where id = ${id} and (last_used_at is null or last_used_at < ${now}::timestamptz - interval '1 minute')`.execute(db),
    ),
  );
}
