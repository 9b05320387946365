import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * The regulator's barred-bettor check (SIGAP "impedidos", IN SPA/MF 22 and
 * 31/2025) per player: when it last ran and what it said. One row per player,
 * made on the first check. `barredAt` set = barred: no bets, no deposits,
 * withdrawals allowed; the account closes at `closesAt` (the regulator's
 * term) through the account-closure feature.
 */
export const barredChecks = pgTable(
  'barred_checks',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Day (America/Sao_Paulo) of the last check, so a login checks once per day. */
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** What triggered the last check: registration, login, sweep or operator. */
    trigger: text('trigger', { enum: ['registration', 'login', 'sweep', 'operator'] }).notNull(),
    barredAt: timestamp('barred_at', { withTimezone: true }),
    /** The regulator's reason code or text, as given. */
    reason: text('reason'),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** The regulator lifted the bar (a later check said not barred). */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [index('barred_checks_closes_idx').on(t.closesAt)],
);

/**
 * One run of the whole-base check (every 15 days). The unique
 * (tenant, period) key makes the run happen once per period even with two
 * nodes starting it together.
 */
export const barredSweeps = pgTable(
  'barred_sweeps',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** First day of the 15-day period this run covers (America/Sao_Paulo). */
    period: date('period', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    checked: integer('checked').notNull().default(0),
    barred: integer('barred').notNull().default(0),
    error: text('error'),
  },
  (t) => [uniqueIndex('barred_sweeps_tenant_period_unique').on(t.tenantId, t.period)],
);

export type BarredCheckRow = typeof barredChecks.$inferSelect;
export type BarredSweepRow = typeof barredSweeps.$inferSelect;
