import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { IdempotencyKeyTable } from '../db/schema';
import { ApiError } from './apiError';
import { BodyCode } from '../../src/contract/envelope';
import { withoutAuditContext } from './auditContext';
import { feedsWrittenBy, type ChangeFeedChannel } from './changeFeedCache';

/**
 * `Idempotency-Key` (docs/DECISIONS.md "Idempotency and honest answers"; docs/api.md): a retry of
 * an authenticated POST with the key it was first sent with gets the first answer instead of
 * running again.
 *
 * - The key's row is inserted by the write's own transaction (the driver calls `claimKey` right
 *   after the writers' lock, server/db/auditedDialect.ts), so the row exists exactly when the
 *   write committed: a request that committed nothing (a refusal, a 503 before its commit) leaves
 *   no key and a retry runs. A second request with the key finds the row under the writers' lock
 *   and writes nothing (`KeyAlreadyClaimed`).
 * - The answer is stored on the row once it is sent (`storeAnswer`); a row without one is a write
 *   whose answer was lost or is still on its way: a retry is told it was carried out (body code
 *   `alreadyCarriedOut`, naming the request), never run again.
 * - Keys are the caller's own (primary key user and key), and are kept 24 hours.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_KEPT_MS = 24 * 3_600_000;
const MAX_KEY_LENGTH = 255;
/** Printable ASCII, as Stripe's and Fireblocks' keys (a UUID fits). */
const PRINTABLE = /^[\x20-\x7e]+$/;

/** What a first write claims: the stored key row without its answer yet. */
export type KeyClaim = Omit<IdempotencyKeyTable, 'answerStatus' | 'answer'>;

/** One write request, re-runs included: the key it claims with its first commit, and whether anything committed. */
export interface WriteUnit {
  claim: KeyClaim | null;
  committed: boolean;
  /** The change feeds whose tables a statement of the request wrote: the caches this instance forgets when it ends. */
  feeds: Set<ChangeFeedChannel>;
}

const storage = new AsyncLocalStorage<WriteUnit>();

export const withWriteUnit = <T>(unit: WriteUnit, work: () => Promise<T>): Promise<T> => storage.run(unit, work);

/** Another request with this key committed first: this one wrote nothing. */
export class KeyAlreadyClaimed extends Error {
  constructor() {
    super('idempotency key already claimed');
  }
}

/**
 * Inside a write request's transaction, after the writers' lock: the key's row, in the same
 * transaction as the write it guards. Once one of the request's transactions committed it, the
 * next ones claim nothing (a refused Safe confirm books the relayer's gas in a second one).
 */
export async function claimKey(connection: DatabaseConnection): Promise<void> {
  const unit = storage.getStore();
  if (!unit?.claim || unit.committed) return;
  const { userId, key, route, fingerprint, requestId, createdAt } = unit.claim;
  const inserted = await connection.executeQuery(
    CompiledQuery.raw(
      'insert into idempotency_key (user_id, key, route, fingerprint, request_id, created_at) values ($1, $2, $3, $4, $5, $6::timestamptz) on conflict do nothing returning user_id',
      [userId, key, route, fingerprint, requestId, createdAt.toISOString()],
    ),
  );
  if (inserted.rows.length === 0) throw new KeyAlreadyClaimed();
}

/** Whether the write request running now has a key still to claim (its next transaction inserts it). */
export function claimPending(): boolean {
  const unit = storage.getStore();
  return unit?.claim != null && !unit.committed;
}

/** A statement of the write request running now: notes the change feeds its tables announce. */
export function noteStatement(sqlText: string): void {
  const unit = storage.getStore();
  if (unit) for (const channel of feedsWrittenBy(sqlText)) unit.feeds.add(channel);
}

/** A write request's transaction committed (the key with it, when it carried one). */
export function markCommitted(): void {
  const unit = storage.getStore();
  if (unit) unit.committed = true;
}

/** The header's key: absent, or one to 255 printable characters; anything else is refused (400). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.trim() === '' || header.length > MAX_KEY_LENGTH || !PRINTABLE.test(header)) {
    throw new ApiError(BodyCode.badRequest, 'api.idempotencyKeyMalformed', { params: { max: MAX_KEY_LENGTH } });
  }
  return header;
}

/** JSON with object keys sorted: the same body sent again hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the request's URL and a hash of its body. */
export const requestFingerprint = (body: unknown): string =>
  createHash('sha256')
    .update(canonical(body ?? null))
    .digest('hex');

/** A stored key's row, as the table has it (server/db/schema.ts), less whose and which key it is. */
export type StoredKey = Omit<IdempotencyKeyTable, 'userId' | 'key'>;

export const findKey = (db: Db, userId: number, key: string): Promise<StoredKey | undefined> =>
  withoutAuditContext(() =>
    db
      .selectFrom('idempotencyKey')
      .select(['route', 'fingerprint', 'requestId', 'createdAt', 'answerStatus', 'answer'])
      .where('userId', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst(),
  );

/** What a request whose key is stored gets: the first answer again, or the refusal that says why not. */
export function replayOf(stored: StoredKey | undefined, claim: KeyClaim): { status: number; answer: string } {
  if (stored && (stored.route !== claim.route || stored.fingerprint !== claim.fingerprint))
    throw new ApiError(BodyCode.idempotencyKeyReused, 'api.idempotencyKeyReused');
  if (stored?.answer && stored.answerStatus !== null) return { status: stored.answerStatus, answer: stored.answer };
  throw alreadyCarriedOut(stored?.requestId ?? '?', stored?.createdAt ?? claim.createdAt);
}

/** A write that committed and whose answer is not at hand: said as it is, never as "try again". */
export const alreadyCarriedOut = (requestId: string, at: Date) =>
  new ApiError(BodyCode.alreadyCarriedOut, 'api.alreadyCarriedOut', { params: { requestId, at: new Date(at).toISOString() } });

/**
 * The answer sent, kept with its key (inserted here when the write rolled back after money left on
 * chain: a retry must not send it again). Outside the write's audit context and writers' lock.
 */
export async function storeAnswer(db: Db, claim: KeyClaim, status: number, answer: string): Promise<void> {
  await withoutAuditContext(() =>
    db
      .insertInto('idempotencyKey')
      .values({
        userId: claim.userId,
        key: claim.key,
        route: claim.route,
        fingerprint: claim.fingerprint,
        requestId: claim.requestId,
        createdAt: claim.createdAt,
        answerStatus: status,
        answer,
      })
      .onConflict((oc) =>
        oc.columns(['userId', 'key']).doUpdateSet({ answerStatus: status, answer }).where('idempotencyKey.answer', 'is', null),
      )
      .execute(),
  );
}

/** Deletes keys older than 24 hours; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await withoutAuditContext(() =>
    db
      .deleteFrom('idempotencyKey')
      .where('createdAt', '<', new Date(now.getTime() - KEY_KEPT_MS))
      .executeTakeFirst(),
  );
  return Number(result.numDeletedRows);
}

/** Every instance purges now and then; deletes side by side are harmless. */
export function startIdempotencyPurge(db: Db, now: () => Date, everyMs: number, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void purgeIdempotencyKeys(db, now()).catch(onError), everyMs).unref();
  return () => clearInterval(timer);
}
