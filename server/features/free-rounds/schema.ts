import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HOUSE_GAMES } from '../../../src/contract/casino.ts';
import { coupons, playerBonuses } from '../bonuses/schema.ts';
import { houseRounds } from '../house/schema.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Free rounds of a house game a player was given (issue 18: a coupon's
 * `free_rounds` reward). `rounds_left` goes down by one per free round played,
 * in the round's transaction (`rounds_left > 0` in the UPDATE's WHERE, under
 * the row lock: a round is consumed exactly once however many plays race).
 * One row per (player, source, source_ref): the key that makes a grant
 * idempotent, like `player_bonuses`.
 */
export const freeRoundGrants = pgTable(
  'free_round_grants',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['coupon', 'operator'] }).notNull(),
    sourceRef: text('source_ref').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    game: text('game', { enum: HOUSE_GAMES }).notNull(),
    /** Centavos per round. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    rounds: integer('rounds').notNull(),
    roundsLeft: integer('rounds_left').notNull(),
    /** A win's rollover = ⌈win × this⌉ (the coupon's `rollover_multiplier`). */
    rolloverMultiplier: doublePrecision('rollover_multiplier').notNull(),
    /** Days a win's bonus money has to meet its rollover (the coupon's `expires_days`). */
    bonusExpiresDays: integer('bonus_expires_days').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('free_round_grants_source_unique').on(t.tenantId, t.userId, t.source, t.sourceRef),
    index('free_round_grants_user_idx').on(t.tenantId, t.userId, t.expiresAt),
    check('free_round_grants_rounds_check', sql`${t.roundsLeft} >= 0 and ${t.roundsLeft} <= ${t.rounds} and ${t.stake} > 0`),
  ],
);

/**
 * Each free round played: which grant paid the stake, its place in the grant
 * (1 … rounds; unique, so a grant can never pay the same round twice) and the
 * bonus its win became (null on a loss).
 */
export const freeRoundPlays = pgTable(
  'free_round_plays',
  {
    id: serial('id').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => freeRoundGrants.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => houseRounds.id, { onDelete: 'cascade' }),
    bonusId: integer('bonus_id').references(() => playerBonuses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('free_round_plays_grant_seq_unique').on(t.grantId, t.seq), uniqueIndex('free_round_plays_round_unique').on(t.roundId)],
);

export type FreeRoundGrantRow = typeof freeRoundGrants.$inferSelect;
