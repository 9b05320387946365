import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Closed accounts, kept on record (issue 17, "Account closure and data"):
 * who closed, why, and how the balance left. The player row stays (the
 * ledger and bets refer to it) with `users.closed_at` set; a closed account
 * cannot log in.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** player = the player asked; barred = the regulator's term ended; operator = closed by the operator. */
    reason: text('reason', { enum: ['player', 'barred', 'operator'] }).notNull(),
    /** The player's words, if any. */
    note: text('note'),
    /** Balance paid out at closure (centavos), through `withdrawalId`. */
    paidOut: bigint('paid_out', { mode: 'number' }).notNull().default(sql`0`),
    withdrawalId: integer('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_closures_user_idx').on(t.userId)],
);

export type AccountClosureRow = typeof accountClosures.$inferSelect;
