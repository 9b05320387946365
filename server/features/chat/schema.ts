import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** Message kinds of the spec's chat entity. */
export const CHAT_MESSAGE_TYPES = ['global', 'pinned', 'others'] as const;

/** One attachment of a chat message (spec: attachment_type, attachment_url). */
export interface ChatAttachmentRow {
  attachment_type: string;
  attachment_url: string;
}

/**
 * The tenant's global chat. A player's message has `user_id` and the public
 * name shown at the time of posting; operator messages (pinned, mission
 * announcements) have none. Deleting is a moderation act: the row stays with
 * `deleted_at` (who deleted it and when) and is never listed again.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    type: text('type', { enum: CHAT_MESSAGE_TYPES }).notNull().default('global'),
    text: text('text').notNull(),
    mission: jsonb('mission').$type<Record<string, unknown>>(),
    colorClass: text('color_class'),
    emoji: text('emoji'),
    pinnedUntil: timestamp('pinned_until', { withTimezone: true }),
    attachments: jsonb('attachments').$type<ChatAttachmentRow[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    index('chat_messages_tenant_idx').on(t.tenantId, t.id),
    index('chat_messages_pinned_idx').on(t.tenantId, t.pinnedUntil).where(sql`${t.pinnedUntil} is not null`),
    check('chat_messages_text_length', sql`char_length(${t.text}) <= 2000`),
  ],
);

/** A player the operator muted in the tenant's chat, until `muted_until`. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedUntil: timestamp('muted_until', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
