import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';

/**
 * Players, one account per tenant and phone number (`username` holds the
 * phone, as in the specification). Issue 3 (auth) extends this table.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The player's phone number in E.164 form; the login name. */
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_tenant_username_unique').on(t.tenantId, t.username)],
);

/**
 * Opaque bearer tokens, stored as sha256 hex digests only. A token is valid
 * while not revoked and not expired (`expires_at` null = no expiry), and only
 * on its own tenant.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
