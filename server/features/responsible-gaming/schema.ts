import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LimitPeriod, MoneyLimitKind } from '../../../src/contract/responsible-gaming.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** One limit: the value in force (null = none) and a raise or removal waiting for its cooling period. */
export interface StoredLimit {
  value: number | null;
  pending?: { value: number | null; from: string } | null;
}

/**
 * Every limit of a player: money limits per kind and period (centavos), the
 * session limit (minutes), and `registration_pending` while a regulated
 * tenant still waits for the limits its registration requires (an account
 * made by a first Google sign-in, which has no registration form): bets and
 * deposits are refused until a loss limit and a session limit are in force,
 * then the mark is dropped; `registration_details_pending` likewise until the
 * form's CPF, 18+ confirmation and terms are given (no column of their own:
 * the gate that reads this row is the one every bet and deposit passes).
 */
export type StoredLimits = Partial<Record<MoneyLimitKind, Partial<Record<LimitPeriod, StoredLimit>>>> & {
  session?: StoredLimit;
  registration_pending?: true;
  /** The registration form's data a first Google sign-in skipped (CPF, 18+, terms) is still owed: bets and deposits are refused until given. */
  registration_details_pending?: true;
  /** When the player gave them (ISO): the record of the 18+ confirmation and the terms' acceptance. */
  registration_details_confirmed_at?: string;
};

/**
 * A player's responsible-gaming settings (issue 17): limits, time alert and
 * pause. One row per player, made on the first setting; no row = nothing
 * set. The row is also the lock every bet and deposit of the player takes
 * (`SELECT … FOR UPDATE` in enforce.ts) before counting what the period
 * already holds, so concurrent movements cannot pass a limit together.
 */
export const responsibleGaming = pgTable(
  'responsible_gaming',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    limits: jsonb('limits').$type<StoredLimits>().notNull().default({}),
    /** Minutes between time alerts; null = off. */
    realityCheckMinutes: integer('reality_check_minutes'),
    /** A pause (cool-off) runs until this instant: no bets, no deposits; login and withdrawals allowed. */
    coolOffUntil: timestamp('cool_off_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('responsible_gaming_reality_check', sql`${t.realityCheckMinutes} is null or ${t.realityCheckMinutes} > 0`)],
);

export type ResponsibleGamingRow = typeof responsibleGaming.$inferSelect;
