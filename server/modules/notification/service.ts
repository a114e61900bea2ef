import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Caller } from '../../http/caller';
import { notFound } from '../../http/apiError';
import type { NotificationListInput } from '../../../src/contract/schemas/notification';

type Trx = Transaction<Database>;

/** How many notices a list answers (the unread count counts them all). */
const LIST_LIMIT = 50;

/** Whose org a notice is of, when it was made and until when it holds (`expiresAt` null: until it is cleared). */
export interface NoticeScope {
  orgId: number;
  at: Date;
  expiresAt?: Date | null;
}

/**
 * Writes one notice per user in the caller's transaction (docs/webhooks.md "Notifications in the app
 * bar"): it exists exactly when the change that makes it true does. A user who already holds a
 * notice of this kind and subject gets no second one (a proposal back to pending after a raise
 * names its signers again).
 */
export async function notify(
  trx: Trx,
  userIds: readonly number[],
  kind: string,
  subject: string,
  data: Record<string, unknown>,
  scope: NoticeScope,
): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  const holding = await trx
    .selectFrom('notification')
    .select('userId')
    .where('subject', '=', subject)
    .where('kind', '=', kind)
    .where('userId', 'in', users)
    .execute();
  const fresh = users.filter((id) => !holding.some((row) => row.userId === id));
  if (fresh.length === 0) return;
  await trx
    .insertInto('notification')
    .values(
      fresh.map((userId) => ({
        userId,
        orgId: scope.orgId,
        kind,
        subject,
        data: JSON.stringify(data),
        createdAt: scope.at,
        expiresAt: scope.expiresAt ?? null,
      })),
    )
    .execute();
}

/** Removes the notices of a thing (of these users only, when given): it was decided, or they acted on it. */
export async function clearNotifications(
  trx: Trx | Db,
  kind: string,
  subjects: readonly string[],
  userIds?: readonly number[],
): Promise<void> {
  if (subjects.length === 0 || userIds?.length === 0) return;
  let query = trx.deleteFrom('notification').where('kind', '=', kind).where('subject', 'in', subjects);
  if (userIds) query = query.where('userId', 'in', userIds);
  await query.execute();
}

/** The caller's own notices in the selected org, still true now: a member of the org no more sees none. */
const ownNotices = (db: Db, caller: Caller, now: Date) =>
  db
    .selectFrom('notification')
    .where('userId', '=', caller.userId)
    .where('orgId', '=', caller.org.orgId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]));

/** GET /sys/notification/list. */
export async function listNotifications(db: Db, caller: Caller, now: Date): Promise<NotificationListInput> {
  const list = await ownNotices(db, caller, now)
    .select(['id', 'kind', 'subject', 'data', 'createdAt', 'readAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return {
    list: list.map((row) => ({ ...row, id: Number(row.id), data: row.data as Record<string, unknown> })),
    unread: await unreadCount(db, caller, now),
  };
}

async function unreadCount(db: Db, caller: Caller, now: Date): Promise<number> {
  const { count } = await ownNotices(db, caller, now)
    .where('readAt', 'is', null)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** POST /sys/notification/read/{id}: the caller's own notice only; any other id is unknown (404) and untouched. */
export async function markRead(db: Db, caller: Caller, id: number, now: Date): Promise<{ unread: number }> {
  const own = await db
    .selectFrom('notification')
    .select(['id', 'readAt'])
    .where('id', '=', id)
    .where('userId', '=', caller.userId)
    .where('orgId', '=', caller.org.orgId)
    .executeTakeFirst();
  if (!own) throw notFound('Notification');
  if (own.readAt === null)
    await db.updateTable('notification').set({ readAt: now }).where('id', '=', id).where('readAt', 'is', null).execute();
  return { unread: await unreadCount(db, caller, now) };
}

/** POST /sys/notification/read-all: every unread notice of the caller in the selected org. */
export async function markAllRead(db: Db, caller: Caller, now: Date): Promise<{ unread: number }> {
  await db
    .updateTable('notification')
    .set({ readAt: now })
    .where('userId', '=', caller.userId)
    .where('orgId', '=', caller.org.orgId)
    .where('readAt', 'is', null)
    .execute();
  return { unread: await unreadCount(db, caller, now) };
}
