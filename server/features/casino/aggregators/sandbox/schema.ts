import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The sandbox aggregator's own books, kept in the platform's database so
 * they survive a restart as a real aggregator's would (it never reads the
 * platform's tables: only this one).
 */

/**
 * A wallet call the sandbox owes the platform: a `win` whose answer never
 * came (the round's payout, 0 for a loss, which settles it) or a
 * `rollback` of a bet whose answer never came. `body` is the exact JSON
 * signed and sent, so every attempt repeats the same transaction id.
 * Pending until the platform answers (`answered_at`, with the status in
 * `last_result`: a 2xx, or a definitive refusal) or the last attempt
 * failed (`abandoned_at`).
 */
export const sandboxAggregatorOwedCalls = pgTable(
  'sandbox_aggregator_owed_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The tenant's domain: the Host of the call. */
    tenantDomain: text('tenant_domain').notNull(),
    provider: text('provider').notNull(),
    action: text('action', { enum: ['win', 'rollback'] }).notNull(),
    transactionId: text('transaction_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The last attempt's HTTP status and error code, or why it had none (`timeout`, `ECONNREFUSED`…). */
    lastResult: text('last_result'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_aggregator_owed_calls_transaction_unique').on(t.provider, t.transactionId, t.action),
    index('sandbox_aggregator_owed_calls_pending_idx').on(t.nextAttemptAt).where(sql`${t.answeredAt} is null and ${t.abandonedAt} is null`),
  ],
);

export type OwedCallRow = typeof sandboxAggregatorOwedCalls.$inferSelect;
