import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import type { LocalisedText } from '../ranks/schema.ts';

/**
 * One bonus credit of a player and its rollover (issue 18): `amount`
 * centavos were credited as bonus money (ledger type `bonus`, not
 * withdrawable); once bets worth `rollover_required` have counted towards
 * it, what is left of it is released to withdrawable money (ledger type
 * `rollover`). One row per (player, source, source_ref): the key that makes
 * a grant idempotent.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['coupon', 'cashback', 'promotion', 'rank', 'referral', 'operator'] }).notNull(),
    sourceRef: text('source_ref').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rolloverRequired: bigint('rollover_required', { mode: 'number' }).notNull(),
    rolloverDone: bigint('rollover_done', { mode: 'number' }).notNull().default(0),
    /**
     * Centavos won with stakes of this bonus's money while it ran (docs/rewards.md "Wins of bonus money"):
     * kept as bonus money (not withdrawable), released with it when its rollover is met, forfeited with it
     * when it expires. What is left of the bonus is at most `amount + winnings` (money-left.ts).
     */
    winnings: bigint('winnings', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['active', 'completed', 'expired', 'forfeited', 'cancelled'] }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('player_bonuses_source_unique').on(t.tenantId, t.userId, t.source, t.sourceRef),
    index('player_bonuses_user_status_idx').on(t.userId, t.status),
  ],
);

/**
 * Which running bonus paid how much of a stake (docs/rewards.md "Wins of bonus money"): written by the wager
 * hook (rollover.ts, `recordBonusStake`) for each `bet` / `sports_bet` debit that spent bonus money, from
 * the bet's own ledger row (its `withdrawable_delta` says how much was cash; the rest was non-withdrawable
 * money, of the running bonuses as money-left.ts hands it out, the rest of no bonus). A win or a stake given
 * back reads it to credit each bonus's share as that bonus's money (win-shares.ts). Written once per bet row.
 */
export const bonusStakes = pgTable(
  'bonus_stakes',
  {
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => playerBonuses.id, { onDelete: 'cascade' }),
    /** Positive centavos of the stake that were this bonus's money. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ledgerEntryId, t.bonusId] }), index('bonus_stakes_bonus_idx').on(t.bonusId)],
);

/** What a coupon gives. Amounts in centavos. */
export type CouponReward =
  | { kind: 'bonus'; amount: number; rollover_multiplier: number; expires_days: number }
  | { kind: 'vip_points'; points: number }
  | { kind: 'free_rounds'; game: 'dice' | 'limbo' | 'plinko'; rounds: number; stake: number; rollover_multiplier: number; expires_days: number };

/**
 * Coupons and promo codes the operator sets up (issue 18). `code` is stored
 * upper case; redeeming takes this row's lock and counts `uses` against
 * `max_uses` and the player's redemptions against `max_uses_per_player`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: jsonb('description').$type<LocalisedText>().notNull(),
    reward: jsonb('reward').$type<CouponReward>().notNull(),
    /** Shown on `/promo-codes` (a public code) or only given out privately. */
    public: boolean('public').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_tenant_code_unique').on(t.tenantId, t.code)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
