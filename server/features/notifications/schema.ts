import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Notifications (spec entity: id, type, read_at, read). A notification with a
 * `user_id` belongs to that player; one without is the tenant's global
 * notice (type `platform`) for every player. `notification` holds the
 * content shown (title, message, link, box id…).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    notification: jsonb('notification').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.tenantId, t.userId, t.id),
    index('notifications_global_idx').on(t.tenantId, t.id).where(sql`${t.userId} is null`),
  ],
);

/** When a player read a notification (their own or a global one): one row per pair, the first read wins. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_reads_user_idx').on(t.userId)],
);
