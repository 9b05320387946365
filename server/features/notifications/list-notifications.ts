import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { NotificationPage, NotificationsAnswer } from '../../../src/contract/notifications.ts';
import type { Db } from '../../db/open.ts';
import { toNotificationView } from './present.ts';
import { notificationReads, notifications } from './schema.ts';
import { globalOf, ownOf, visibleTo } from './visibility.ts';

async function pageOf(db: Db, where: SQL, userId: number, page: number, perPage: number): Promise<NotificationPage> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notifications).where(where);
  const rows = await db
    .select({ notification: notifications, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => toNotificationView(r.notification, r.readAt)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total,
  };
}

/** How many of the notifications the player may see (own and global) they have not read. */
export async function unreadCount(db: Db, q: { tenantId: number; userId: number }): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, q.userId)))
    .where(and(visibleTo(q.tenantId, q.userId), isNull(notificationReads.notificationId)));
  return row?.unread ?? 0;
}

/**
 * `GET /notifications?page&per_page`: page `page` of the player's own list
 * and of the tenant's global list, each newest first with this player's
 * `read` / `read_at`, and the unread count over both lists. A page past the
 * end is empty.
 */
export async function listNotifications(db: Db, q: { tenantId: number; userId: number; page: number; perPage: number }): Promise<NotificationsAnswer> {
  const [user_notifications, global_notifications, unread_count] = await Promise.all([
    pageOf(db, ownOf(q.tenantId, q.userId), q.userId, q.page, q.perPage),
    pageOf(db, globalOf(q.tenantId), q.userId, q.page, q.perPage),
    unreadCount(db, q),
  ]);
  return { user_notifications, global_notifications, unread_count };
}
