import type { NotificationContent, NotificationType, NotificationView } from '../../../src/contract/notifications.ts';
import type { notifications } from './schema.ts';

/** A row of `notifications` as stored. */
export type NotificationRow = typeof notifications.$inferSelect;

/** A stored notification as a player sees it; `readAt` is that player's read time (null while unread). */
export function toNotificationView(row: NotificationRow, readAt: Date | null): NotificationView {
  return {
    id: row.id,
    type: row.type as NotificationType,
    notification: row.notification as unknown as NotificationContent,
    read: readAt !== null,
    read_at: readAt ? readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
