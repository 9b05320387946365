import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GAME_TYPES } from '../../../src/contract/casino.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** A game provider of a tenant's catalogue; `code` is its URL slug (`/casino/{code}/{game}`). */
export const gameProviders = pgTable(
  'game_providers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('game_providers_tenant_code_unique').on(t.tenantId, t.code), check('game_providers_code_check', sql`${t.code} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`)],
);

/**
 * One game of a tenant's catalogue (the section 3 Game entity without the
 * per-player fields, which come from likes/favorites). `gamecode` is the
 * URL slug within the provider; `game_id` the provider's own id. `views`
 * counts launches. `rtp_bps` is the stated return to player (9700 = 97 %).
 * `max_multiplier` is the largest payout the game can make, in stakes: an
 * aggregator's win above it is held for review (provider-wallet/rounds.ts;
 * null = the default of the game's type).
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id, { onDelete: 'cascade' }),
    gameId: text('game_id').notNull(),
    gamecode: text('gamecode').notNull(),
    title: text('title').notNull(),
    categorySlug: text('category_slug').notNull(),
    type: text('type', { enum: GAME_TYPES }).notNull(),
    hasTables: boolean('has_tables').notNull().default(false),
    onlyDemo: boolean('only_demo').notNull().default(false),
    bonusAllowed: boolean('bonus_allowed').notNull().default(true),
    views: integer('views').notNull().default(0),
    image: text('image').notNull(),
    imageMobile: text('image_mobile').notNull(),
    rtpBps: integer('rtp_bps'),
    maxMultiplier: integer('max_multiplier'),
    descriptionPt: text('description_pt'),
    descriptionEn: text('description_en'),
    /** Shown in the home featured list (`GET /featured/home-games`). */
    featuredHome: boolean('featured_home').notNull().default(false),
    /** Shown in the featured list (`GET /featured/games`). */
    featured: boolean('featured').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_provider_gamecode_unique').on(t.tenantId, t.providerId, t.gamecode),
    uniqueIndex('games_provider_game_id_unique').on(t.tenantId, t.providerId, t.gameId),
    index('games_tenant_views_idx').on(t.tenantId, t.views, t.id),
    index('games_tenant_category_idx').on(t.tenantId, t.categorySlug),
    check('games_gamecode_check', sql`${t.gamecode} ~ '^[a-z0-9][a-z0-9-]{0,126}$'`),
    check('games_type_check', sql`${t.type} in ('slot', 'live', 'table', 'crash', 'instant')`),
    check('games_rtp_check', sql`${t.rtpBps} is null or ${t.rtpBps} between 0 and 10000`),
    check('games_views_check', sql`${t.views} >= 0`),
    check('games_max_multiplier_check', sql`${t.maxMultiplier} is null or ${t.maxMultiplier} >= 1`),
  ],
);

/** A player's like of a game (`POST /games/like/{id}` toggles it; `totalLikes` counts them). */
export const gameLikes = pgTable(
  'game_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('game_likes_game_idx').on(t.gameId)],
);

/** A player's favorite game (`POST /games/favorite/{id}` toggles it; `GET /profile/favorites` lists them). */
export const gameFavorites = pgTable(
  'game_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('game_favorites_user_idx').on(t.userId, t.createdAt)],
);

/** The games a player launched, newest first (`GET /games/recent`): one row per game, `played_at` moved on each launch. */
export const recentGames = pgTable(
  'recent_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('recent_games_user_idx').on(t.userId, t.playedAt)],
);

/**
 * An aggregator's round as the seamless wallet saw it (provider-wallet/):
 * opened by the player's first bet, it pins the round to that player and
 * game; `stake` is the sum of its stakes not rolled back, `paid` of its
 * credited wins. `settled_at` is set by the first win (0 included) or an
 * explicit end of round: a settled round takes no new bet and its stakes are
 * no longer refunded by a rollback.
 */
export const providerRounds = pgTable(
  'provider_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    game: text('game').notNull(),
    /** The catalogue `game_id` the bet named, if any (its `max_multiplier` caps the round's wins). */
    gameId: text('game_id'),
    stake: bigint('stake', { mode: 'bigint' }).notNull().default(sql`0`),
    paid: bigint('paid', { mode: 'bigint' }).notNull().default(sql`0`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_rounds_round_unique').on(t.tenantId, t.provider, t.roundId),
    check('provider_rounds_amounts_check', sql`${t.stake} >= 0 and ${t.paid} >= 0`),
  ],
);

/** Statuses of an aggregator win held for review (`PROVIDER_WIN_STATUSES`). */
export const PROVIDER_WIN_STATUSES = ['held', 'approved', 'rejected', 'rolled_back'] as const;
export type ProviderWinStatus = (typeof PROVIDER_WIN_STATUSES)[number];

/**
 * An aggregator win above the game's `max_multiplier` × the round's stake:
 * not credited, held until an operator approves it (credited once, through
 * the ledger with the reference the win would have had) or rejects it
 * (nothing moves). A rollback from the provider while held closes it as
 * `rolled_back`. Unique by (tenant, provider, transaction id), like the ledger.
 */
export const providerWins = pgTable(
  'provider_wins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => providerRounds.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The round's stake and the cap when the win was held, for the reviewer. */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    maxMultiplier: integer('max_multiplier').notNull(),
    status: text('status', { enum: PROVIDER_WIN_STATUSES }).notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('provider_wins_transaction_unique').on(t.tenantId, t.provider, t.transactionId),
    index('provider_wins_status_idx').on(t.tenantId, t.status, t.id),
    check('provider_wins_status_check', sql`${t.status} in ('held', 'approved', 'rejected', 'rolled_back')`),
    check('provider_wins_amount_check', sql`${t.amount} > 0`),
  ],
);

export type ProviderRoundRow = typeof providerRounds.$inferSelect;
export type ProviderWinRow = typeof providerWins.$inferSelect;
export type GameProviderRow = typeof gameProviders.$inferSelect;
export type GameRow = typeof games.$inferSelect;

// The sandbox aggregator's own table lives with it; drizzle-kit reads feature-level schema files only.
export * from './aggregators/sandbox/schema.ts';
