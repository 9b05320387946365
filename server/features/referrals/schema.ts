import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** Each player's referral code (the `?ref=` of their link), unique per tenant. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_tenant_code_unique').on(t.tenantId, t.code)],
);

/**
 * A friend who registered through a player's link (issue 18, "Indique um
 * amigo"). One row per referred player (the primary key); the referrer is
 * paid the tenant's `cpa_value` once, when the friend's first deposit
 * qualifies (`status` qualified, `reward` set) — never for a self-referral
 * or a second account with the same CPF (`rejected` with the reason).
 */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: integer('referred_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'qualified', 'rejected'] }).notNull().default('pending'),
    rejectedReason: text('rejected_reason'),
    reward: bigint('reward', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerUserId, t.createdAt), uniqueIndex('referrals_pair_unique').on(t.referrerUserId, t.referredUserId)],
);
