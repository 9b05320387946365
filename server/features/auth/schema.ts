import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

export const CODE_PURPOSES = ['register_phone', 'verify_phone', 'verify_email', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * One-time 6-digit codes sent by SMS or e-mail. The code is stored only as a
 * salted sha256 (`code_hash`); the newest code of a (tenant, purpose,
 * destination) supersedes older ones (they get `consumed_at`). A registration
 * code, once verified, yields a verification token (`token_hash`, valid 30
 * minutes, consumed by the registration it allowed).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The player it was sent for; null for a guest's registration code. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 phone or normalised e-mail the code went to. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Superseded, used up, or its verification token spent. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.tenantId, t.purpose, t.destination, t.createdAt),
    index('verification_codes_user_idx').on(t.userId),
    uniqueIndex('verification_codes_token_unique').on(t.tokenHash),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('register_phone', 'verify_phone', 'verify_email', 'reset_password')`),
    check('verification_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
  ],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
