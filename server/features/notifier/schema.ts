import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';

/**
 * Messages for which no real transport is configured (no SMTP_URL for e-mail,
 * no SMS_GATEWAY_URL for SMS): kept here and printed to the server log, so a
 * developer running the platform locally can read the codes.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_tenant_destination_idx').on(t.tenantId, t.destination, t.createdAt), check('outbox_channel_check', sql`${t.channel} in ('sms', 'email')`)],
);

export type OutboxRow = typeof outbox.$inferSelect;
