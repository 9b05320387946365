import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The sandbox sportsbook's own books, kept in the platform's database so a
 * betslip can be settled after a restart (`npm run sports:settle`). Like a
 * real provider it never reads the platform's tables: only this one.
 */

/** A selection as the sandbox priced it from its fixture (never from the browser). */
export interface SandboxSelection {
  event_id: string;
  market_id: string;
  outcome_id: string;
  sport: string;
  tournament: string;
  category: string;
  event: string;
  market: string;
  outcome: string;
  odds: string;
  live: boolean;
  scheduled: string;
}

/** What the sandbox still has to tell the platform about a betslip (sent again until answered). */
export interface SandboxOwedCall {
  path: string;
  claims: Record<string, unknown>;
  result: string;
}

/**
 * One betslip of the sandbox: `placing` while bet/make and bet/commit are on
 * the wire, then `accepted` (or `refused`, with the platform's code), then
 * the result it was settled with. `owed` holds a settlement callback the
 * platform has not acknowledged yet (retried with backoff, resumed at start).
 */
export const sandboxSportsBetslips = pgTable(
  'sandbox_sports_betslips',
  {
    id: text('id').primaryKey(),
    tenantDomain: text('tenant_domain').notNull(),
    brandId: text('brand_id').notNull(),
    /** The platform's player id (`ext_player_id`, the launch token's `sub`). */
    extPlayerId: text('ext_player_id').notNull(),
    lang: text('lang').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    odds: text('odds').notNull(),
    selections: jsonb('selections').$type<SandboxSelection[]>().notNull(),
    status: text('status').notNull(),
    makeTransactionId: text('make_transaction_id').notNull(),
    /** The platform's id of the bet/make transaction (its answer's `id`): later callbacks name it. */
    platformTransactionId: text('platform_transaction_id'),
    refusal: text('refusal'),
    owed: jsonb('owed').$type<SandboxOwedCall>(),
    owedAttempts: integer('owed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_sports_betslips_player_idx').on(t.tenantDomain, t.extPlayerId, t.createdAt),
    index('sandbox_sports_betslips_owed_idx').on(t.id).where(sql`${t.owed} is not null`),
  ],
);

export type SandboxBetslipRow = typeof sandboxSportsBetslips.$inferSelect;
