import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PrivacySettings } from '../../../src/contract/validation/profile.ts';
import { tenants } from '../tenants/schema.ts';

/** Privacy toggles of a new account: everything visible, no promotional e-mail until the player opts in. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  hide_username: false,
  hide_statistics: false,
  hide_activity: false,
  hide_played_games: false,
  hide_battle_rewards: false,
  hide_all: false,
  receive_promotions_email: false,
};

/**
 * Players, one account per tenant and phone number (`username` holds the
 * phone in E.164, as in the specification). Ids are one global serial, so a
 * user id alone names a player across tenants (the realtime private channel
 * is `private-universal.{userId}`).
 *
 * Uniqueness per tenant: phone (`username`), e-mail (stored normalised: lower
 * case, ASCII domain, so the unique index is case-insensitive), CPF (11
 * digits) and Google subject. The same phone may hold separate accounts on
 * different tenants. `username` is null only for an account created by
 * Google sign-in until the player verifies a phone.
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
    username: text('username'),
    email: text('email'),
    /** 11 digits; shown back only masked. */
    cpf: text('cpf'),
    /** scrypt, encoded with its parameters (server/features/auth/password.ts); null for Google-only accounts. */
    passwordHash: text('password_hash'),
    gender: text('gender', { enum: ['male', 'female'] }),
    maritalStatus: text('marital_status', { enum: ['single', 'dating', 'married'] }),
    birthDate: date('birth_date', { mode: 'string' }),
    language: text('language', { enum: ['pt', 'en'] }).notNull().default('pt'),
    /** File name under DATA_DIR/avatars, served at `/api/avatars/{file}`. */
    avatar: text('avatar'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    settings: jsonb('settings').$type<PrivacySettings>().notNull().default(DEFAULT_PRIVACY_SETTINGS),
    hideMetrics: boolean('hide_metrics').notNull().default(false),
    /** The referral code given at registration (`reference_code`). */
    referenceCode: text('reference_code'),
    googleSub: text('google_sub'),
    selfExclusionStartAt: timestamp('self_exclusion_start_at', { withTimezone: true }),
    selfExclusionEndAt: timestamp('self_exclusion_end_at', { withTimezone: true }),
    level: integer('level').notNull().default(1),
    /** Sum of bets in centavos (updated by the wallet/games features). */
    totalBet: bigint('total_bet', { mode: 'number' }).notNull().default(sql`0`),
    vipLevel: integer('vip_level').notNull().default(0),
    vipPoints: integer('vip_points').notNull().default(0),
    /** When the player last closed the push-permission modal, on any device (docs/push.md: back after 24 h). */
    pushPromptClosedAt: timestamp('push_prompt_closed_at', { withTimezone: true }),
    /** When the player last refused notifications through that modal, on any device (back after 5 days). */
    pushPromptDeniedAt: timestamp('push_prompt_denied_at', { withTimezone: true }),
    /** Set when the account is closed (server/features/account-closure); a closed account cannot log in. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set while the operator blocks the account (server/features/players/block.ts):
     * login and every call with its tokens are refused until it is unblocked.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The staff's reason for the block; shown in the back office, never to the player. */
    blockedReason: text('blocked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_username_unique').on(t.tenantId, t.username),
    uniqueIndex('users_tenant_email_unique').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_cpf_unique').on(t.tenantId, t.cpf),
    uniqueIndex('users_tenant_google_sub_unique').on(t.tenantId, t.googleSub),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_cpf_digits_check', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_language_check', sql`${t.language} in ('pt', 'en')`),
  ],
);

/**
 * Opaque bearer tokens, stored as sha256 hex digests only. A token is valid
 * while not revoked, not expired (`expires_at` null = no absolute expiry),
 * used within the idle limit (server/features/users/tokens.ts) and only on
 * its own tenant.
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
    /** Where the session was started from: the client's IP (CLIENT_IP_HEADER or the peer) and its User-Agent, cut to ACCESS_TOKEN_AGENT_MAX characters; null for sessions older than these columns. */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
