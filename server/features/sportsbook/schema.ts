import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SPORTS_BET_STATUSES } from '../../../src/contract/sportsbook.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A betslip the sportsbook provider placed for a player (bet/make), with its
 * money so far: `stake` debited, `payout` credited by wins, `refunded` given
 * back by refunds. `status` follows the provider's settlement
 * (docs/sportsbook.md); `rolled-back` is final: no callback of the betslip
 * moves money after it. One make per betslip: `make_transaction_id` is the
 * provider's id of it.
 */
export const sportsBetslips = pgTable(
  'sports_betslips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's betslip id. */
    betslipId: text('betslip_id').notNull(),
    makeTransactionId: text('make_transaction_id').notNull(),
    /** The provider's bet type (`1/1` single, `2/2` accumulator, `2/3` system…). */
    betType: text('bet_type').notNull(),
    /** Product of the selections' odds as the provider sent it (`k`), decimal string. */
    odds: text('odds').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    potentialWin: bigint('potential_win', { mode: 'bigint' }).notNull().default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    refunded: bigint('refunded', { mode: 'bigint' }).notNull().default(sql`0`),
    currency: text('currency').notNull(),
    status: text('status', { enum: SPORTS_BET_STATUSES }).notNull().default('open'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sports_betslips_betslip_unique').on(t.tenantId, t.betslipId),
    index('sports_betslips_user_idx').on(t.userId, t.id),
    check('sports_betslips_amounts_check', sql`${t.stake} > 0 and ${t.payout} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.stake}`),
    check('sports_betslips_status_check', sql`${t.status} in ('open', 'won', 'lost', 'refunded', 'half-won', 'cashed-out', 'rolled-back')`),
  ],
);

/** One selection of a betslip, as the provider described it in bet/make (names in the player's language). */
export const sportsSelections = pgTable(
  'sports_selections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betslipRowId: bigint('betslip_row_id', { mode: 'number' })
      .notNull()
      .references(() => sportsBetslips.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    eventId: text('event_id').notNull(),
    eventName: text('event_name').notNull(),
    sportName: text('sport_name').notNull(),
    tournamentName: text('tournament_name').notNull(),
    marketName: text('market_name').notNull(),
    outcomeName: text('outcome_name').notNull(),
    odds: text('odds').notNull(),
    live: boolean('live').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sports_selections_position_unique').on(t.betslipRowId, t.position)],
);

/** Operations of the provider's wallet protocol that carry a transaction of their own. */
export const SPORTS_OPERATIONS = ['bet', 'win', 'refund', 'lost', 'rollback', 'discard'] as const;
export type SportsOperation = (typeof SPORTS_OPERATIONS)[number];

/**
 * Every provider transaction the platform accepted, unique by the provider's
 * id per tenant: the idempotency record of the callbacks (a retry finds its
 * row and answers as the first time) and the platform's transaction id
 * answered to the provider (`id`, the row id). `parent_id` is the
 * transaction a rollback reverses (once: a partial unique index); a
 * `discard` row with no betslip is the tombstone of a bet the provider
 * discarded before it arrived, so the late bet/make is refused.
 */
export const sportsTransactions = pgTable(
  'sports_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    betslipRowId: bigint('betslip_row_id', { mode: 'number' }).references(() => sportsBetslips.id, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    operation: text('operation', { enum: SPORTS_OPERATIONS }).notNull(),
    /** Centavos as the provider sent them (unsigned). */
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** The ledger row it wrote, when money moved. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_transactions_provider_unique').on(t.tenantId, t.operation, t.providerTransactionId),
    uniqueIndex('sports_transactions_rollback_once').on(t.parentId).where(sql`${t.operation} = 'rollback'`),
    index('sports_transactions_betslip_idx').on(t.betslipRowId),
    check('sports_transactions_amount_check', sql`${t.amount} >= 0`),
    check('sports_transactions_operation_check', sql`${t.operation} in ('bet', 'win', 'refund', 'lost', 'rollback', 'discard')`),
  ],
);

/**
 * `jti` of provider tokens already accepted, until they expire: the same
 * signed payload sent twice is refused (a retry is signed anew). Rows past
 * `expires_at` are pruned as new ones arrive.
 */
export const sportsSeenTokens = pgTable(
  'sports_seen_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sports_seen_tokens_expiry_idx').on(t.expiresAt)],
);

export type SportsBetslipRow = typeof sportsBetslips.$inferSelect;
export type SportsTransactionRow = typeof sportsTransactions.$inferSelect;

export * from './sandbox/schema.ts';
