import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MarkAllReadAnswer, MarkAllReadList, ReadNotificationAnswer } from '../../../src/contract/notifications.ts';
import { NotFoundError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';
import { clockOf, type NotificationsDeps } from './deps.ts';
import { unreadCount } from './list-notifications.ts';
import { NOTIFICATION_KEYS } from './messages.ts';
import { toNotificationView } from './present.ts';
import { notificationReads, notifications } from './schema.ts';
import { globalOf, ownOf, visibleTo } from './visibility.ts';

type Deps = Pick<NotificationsDeps, 'db' | 'now'>;

/**
 * `POST /notifications/{id}/read`: marks one notification the player may see
 * (their own or a global one) as read by them. Idempotent: the first read's
 * time stays. Answers the notification and the new unread count.
 * @throws NotFoundError (404) for an id that is missing, another player's or another tenant's.
 */
export async function markRead(deps: Deps, q: { tenantId: number; userId: number; id: number }): Promise<ReadNotificationAnswer> {
  const [row] = await deps.db.select().from(notifications).where(and(eq(notifications.id, q.id), visibleTo(q.tenantId, q.userId)));
  if (!row) throw new NotFoundError('notification_not_found', { message: localizedKey(NOTIFICATION_KEYS.notFound) });
  await deps.db.insert(notificationReads).values({ notificationId: row.id, userId: q.userId, readAt: clockOf(deps) }).onConflictDoNothing();
  const [read] = await deps.db
    .select({ readAt: notificationReads.readAt })
    .from(notificationReads)
    .where(and(eq(notificationReads.notificationId, row.id), eq(notificationReads.userId, q.userId)));
  return { notification: toNotificationView(row, read?.readAt ?? null), unread_count: await unreadCount(deps.db, q) };
}

/**
 * `POST /notifications/{type}/mark-all-read`: marks every still-unread
 * notification of the list (`platform`, `user` or `all`) read by the player,
 * in one statement. Answers how many changed and the new unread count.
 */
export async function markAllRead(deps: Deps, q: { tenantId: number; userId: number; list: MarkAllReadList }): Promise<MarkAllReadAnswer> {
  const scope = q.list === 'platform' ? globalOf(q.tenantId) : q.list === 'user' ? ownOf(q.tenantId, q.userId) : visibleTo(q.tenantId, q.userId);
  const unread = deps.db
    .select({ notificationId: notifications.id, userId: sql<number>`${q.userId}::integer`.as('user_id'), readAt: sql<Date>`${clockOf(deps).toISOString()}::timestamptz`.as('read_at') })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, q.userId)))
    .where(and(scope, isNull(notificationReads.notificationId)));
  const inserted = await deps.db.insert(notificationReads).select(unread).onConflictDoNothing().returning({ id: notificationReads.notificationId });
  return { marked: inserted.length, unread_count: await unreadCount(deps.db, q) };
}
