import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * The platform's VAPID key pair (RFC 8292), generated on first start and kept
 * here so every node and every restart signs with the same key (browsers tie
 * a subscription to the key it was made with). One row, id 1.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    /** Uncompressed P-256 public key, base64url (what `applicationServerKey` takes). */
    publicKey: text('public_key').notNull(),
    /** The private key as a JWK-format `d`, base64url. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
);

/**
 * A browser's push subscription (`POST /subscription {endpoint, keys}`) for a
 * player. The endpoint is unique: a browser re-subscribing for another player
 * moves the row to that player. A push service answering 404/410 removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.tenantId, t.userId)],
);
