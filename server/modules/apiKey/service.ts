import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOfColumns, sortByColumns } from '../../http/pagination';
import { notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import type { ListResult } from '../../../src/contract/envelope';
import { API_KEY_BYTES, API_KEY_MARK, apiKeyPrefix } from '../../../src/contract/apiKey';
import type { ApiKeyBody, ApiKeyListQuery, ApiKeyRecordInput } from '../../../src/contract/schemas/apiKey';

/**
 * A merchant org's API keys (docs/api.md "Merchant API keys", docs/DECISIONS.md "Merchant API
 * keys"): its managers list, create and revoke the keys of the selected org, and no one else's (a
 * key of another org answers 404). A key is shown once, in the answer of its creation; the table
 * keeps its SHA-256 and its first characters only.
 */

/** SHA-256 hex of the whole key: what `api_key.secret_hash` holds and the lookup compares. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: `ck_` and base64url of 32 random bytes. */
export const newApiKey = (): string => `${API_KEY_MARK}${randomBytes(API_KEY_BYTES).toString('base64url')}`;

const ownKeys = (db: Db, caller: Caller) =>
  db
    .selectFrom('apiKey')
    .leftJoin('appUser as creator', 'creator.id', 'apiKey.createdBy')
    .leftJoin('appUser as revoker', 'revoker.id', 'apiKey.revokedBy')
    .where('apiKey.orgId', '=', caller.org.orgId);

// Never `secret_hash`: the answer is serialised from these columns alone.
const columns = [
  'apiKey.id',
  'apiKey.orgId',
  'apiKey.name',
  'apiKey.prefix',
  'apiKey.scopes',
  'creator.account as createdBy',
  'apiKey.createdAt',
  'apiKey.lastUsedAt',
  'apiKey.revokedAt',
  'revoker.account as revokedBy',
  sql<'active' | 'revoked'>`case when api_key.revoked_at is null then 'active' else 'revoked' end`.as('status'),
] as const;

const sortColumns = sortByColumns('api_key', ['id', 'name', 'createdAt', 'lastUsedAt']);

/** GET /sys/api-key/list: the selected org's keys, newest first by default. */
export async function listApiKeys(db: Db, caller: Caller, query: ApiKeyListQuery): Promise<ListResult<ApiKeyRecordInput>> {
  let filtered = ownKeys(db, caller);
  if (query.active !== undefined) filtered = filtered.where('apiKey.revokedAt', query.active ? 'is' : 'is not', null);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'id', tieBreaker: 'api_key.id' }) as Promise<
    ListResult<ApiKeyRecordInput>
  >;
}

/** GET /sys/api-key/detail: one key of the selected org (another org's answers 404). */
export async function findApiKey(db: Db, caller: Caller, id: number): Promise<ApiKeyRecordInput> {
  return ownKeys(db, caller)
    .select(columns)
    .where('apiKey.id', '=', id)
    .executeTakeFirstOrThrow(() => notFound('API key')) as Promise<ApiKeyRecordInput>;
}

/** POST /sys/api-key/save: a new key of the selected org; the answer carries the whole key, this once. */
export async function createApiKey(db: Db, caller: Caller, body: ApiKeyBody, now: Date): Promise<ApiKeyRecordInput> {
  const key = newApiKey();
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  const record = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('apiKey')
      .values({
        orgId: caller.org.orgId,
        name: body.name,
        prefix: apiKeyPrefix(key),
        secretHash: hashApiKey(key),
        scopes: body.scopes,
        createdBy: caller.userId,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findApiKey(trx, caller, id);
  });
  return { ...record, key };
}

/** POST /sys/api-key/revoke/{id}: at once and for good; revoking a revoked key changes nothing and answers it. */
export async function revokeApiKey(db: Db, caller: Caller, id: number, now: Date): Promise<ApiKeyRecordInput> {
  return db.transaction().execute(async (trx) => {
    await findApiKey(trx, caller, id);
    await trx
      .updateTable('apiKey')
      .set({ revokedAt: now, revokedBy: caller.userId })
      .where('id', '=', id)
      .where('orgId', '=', caller.org.orgId)
      .where('revokedAt', 'is', null)
      .execute();
    return findApiKey(trx, caller, id);
  });
}

/*
 * The resource's actions, by the names the declaration's module service is read by
 * (src/resources/apiKey/resource.ts, server/modules/declared/moduleService.ts): `remove` revokes,
 * on the declaration's `/sys/api-key/revoke/{id}`; a key is never edited.
 */
export const list = (context: ServerContext, input: { caller: Caller; query: ApiKeyListQuery }) =>
  listApiKeys(context.db, input.caller, input.query);
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) => findApiKey(context.db, input.caller, input.id);
export const save = (context: ServerContext, input: { caller: Caller; body: ApiKeyBody }) =>
  createApiKey(context.db, input.caller, input.body, context.now());
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) =>
  revokeApiKey(context.db, input.caller, input.id, context.now());
// A key acts for the org on the merchant API: its creation asks a fresh second factor when enrolled
// (docs/DECISIONS.md "Two-factor authentication and step-up"); a revocation only takes power away.
export const stepUp = { save: true } as const;

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The selected merchant org’s API keys: prefix, name, scopes, creator, last use, status; never the key',
    detail: 'One API key, without its secret',
    save: 'Create an API key: the answer’s `key` is the whole key, shown this once',
    remove: 'Revoke an API key at once (idempotent): answers the revoked record',
  },
} as const;
