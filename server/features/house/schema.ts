import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HOUSE_GAMES } from '../../../src/contract/casino.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Provably fair seed pairs. An actor (`user:{id}` or `guest:{guestId}`) has
 * exactly one active pair: the server seed stays secret (only its SHA-256 is
 * shown) until the pair is rotated, when `revealed_at` is set and the seed
 * may be shown. Each round takes the pair's `next_nonce` and increments it
 * under the row lock, so no two rounds share (pair, nonce).
 */
export const houseSeeds = pgTable(
  'house_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    actorKey: text('actor_key').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('house_seeds_one_active').on(t.tenantId, t.actorKey).where(sql`${t.active}`),
    index('house_seeds_actor_idx').on(t.tenantId, t.actorKey, t.id),
    check('house_seeds_nonce_check', sql`${t.nextNonce} >= 0`),
  ],
);

/**
 * Every house-game round, kept for recall and verification: the stake, the
 * outcome, the payout and the seeds that decided it. Real-money rounds have
 * a `user_id` and moved money through the ledger (`bet` reference
 * `house:{id}`, `win` reference `house:{id}:win`); demo rounds moved none.
 */
export const houseRounds = pgTable(
  'house_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    actorKey: text('actor_key').notNull(),
    game: text('game', { enum: HOUSE_GAMES }).notNull(),
    demo: boolean('demo').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** Payout multiplier in 1/10000. */
    multiplier: bigint('multiplier', { mode: 'number' }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => houseSeeds.id, { onDelete: 'cascade' }),
    nonce: integer('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('house_rounds_seed_nonce_unique').on(t.seedId, t.nonce),
    index('house_rounds_actor_idx').on(t.tenantId, t.actorKey, t.id),
    check('house_rounds_game_check', sql`${t.game} in ('dice', 'limbo', 'plinko')`),
    check('house_rounds_amounts_check', sql`${t.amount} >= 0 and ${t.payout} >= 0 and ${t.multiplier} >= 0`),
  ],
);

export type HouseSeedRow = typeof houseSeeds.$inferSelect;
export type HouseRoundRow = typeof houseRounds.$inferSelect;
