import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A player's cashback for one period (issue 18): computed by the scheduled
 * job from the period's net losses, once per (player, period) — the unique
 * index is what keeps a second run, or two nodes at once, from making two.
 * Claims follow the specification's windows (server/features/cashback).
 */
export const cashbackItems = pgTable(
  'cashback_items',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First and last day (America/Sao_Paulo) of the period whose losses it returns. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** Net losses of the period (centavos) and the cashback computed from them. */
    losses: bigint('losses', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    type: text('type', { enum: ['calendar', 'immediate'] }).notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    claimed: integer('claimed').notNull().default(0),
    claimedAmount: bigint('claimed_amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cashback_items_period_unique').on(t.tenantId, t.userId, t.periodStart),
    index('cashback_items_user_idx').on(t.userId, t.availableAt),
  ],
);

/** Each claim of an item; (item, claim number) unique so a double click pays once. */
export const cashbackClaims = pgTable(
  'cashback_claims',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => cashbackItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimNo: integer('claim_no').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cashback_claims_item_no_unique').on(t.itemId, t.claimNo)],
);

/** One run of the cashback job per (tenant, period): the audit of what it made. */
export const cashbackRuns = pgTable(
  'cashback_runs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    items: integer('items').notNull().default(0),
    error: text('error'),
  },
  (t) => [uniqueIndex('cashback_runs_tenant_period_unique').on(t.tenantId, t.periodStart)],
);

export type CashbackItemRow = typeof cashbackItems.$inferSelect;
