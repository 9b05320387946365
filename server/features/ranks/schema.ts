import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** A text in both site languages. */
export interface LocalisedText {
  pt: string;
  en: string;
}

/** What reaching a rank gives, as the operator configured it. */
export type RankReward = { kind: 'vip_points'; points: number } | { kind: 'bonus'; amount: number; rollover_multiplier: number };

/**
 * The tenant's rank table (issue 18, "Ranks and VIP club"): a player is at
 * the highest level whose `total_bet` threshold (centavos) their
 * `users.total_bet` has reached. Level 1 starts at 0.
 */
export const ranks = pgTable(
  'ranks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    name: jsonb('name').$type<LocalisedText>().notNull(),
    totalBet: bigint('total_bet', { mode: 'number' }).notNull(),
    image: text('image'),
    reward: jsonb('reward').$type<RankReward | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ranks_tenant_level_unique').on(t.tenantId, t.level)],
);

/** Each level a player reached, once: the key that makes the rank-up notice and reward happen exactly once. */
export const rankUps = pgTable(
  'rank_ups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/**
 * VIP points, kept apart from money (never withdrawable): an append-only
 * list whose sum per player is `users.vip_points`. `reference` makes each
 * earning idempotent per tenant and reason (a bet id, a coupon redemption…).
 */
export const vipPointEntries = pgTable(
  'vip_point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reason: text('reason', { enum: ['wager', 'rank', 'coupon', 'promotion', 'operator', 'mission', 'box'] }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vip_point_entries_reference_unique').on(t.tenantId, t.reason, t.reference)],
);

export type RankRow = typeof ranks.$inferSelect;
