import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** A text in both site languages. */
export interface BoxLocalText {
  pt: string;
  en: string;
}

/** One prize's share of a draw, as stored with an opened box (so a later change of the box leaves its proof intact). */
export interface StoredDrawRange {
  prize_id: number;
  probability_ppm: number;
  from: number;
  to: number;
}

/** A prize as it was when won (the `PrizeView` fields). */
export interface StoredPrize {
  id: number;
  box_id: number;
  name: BoxLocalText;
  image: string | null;
  kind: 'item' | 'vip_points';
  value: number;
  sell_value: number;
  points: number;
  probability_ppm: number;
}

/**
 * The operator's mystery boxes (issue 19), per tenant and slug. `price` 0
 * means the box is only granted (missions, promotions, the operator);
 * `buyable` lets the operator stop sales without hiding the box; inactive
 * boxes are hidden from the catalogue and the bundle but players' boxes of
 * them can still be opened.
 */
export const boxes = pgTable(
  'boxes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<BoxLocalText>().notNull(),
    description: jsonb('description').$type<BoxLocalText>().notNull(),
    image: text('image'),
    color: text('color', { enum: ['red', 'blue', 'pink', 'black', 'green', 'yellow'] }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    buyable: boolean('buyable').notNull().default(true),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('boxes_tenant_slug_unique').on(t.tenantId, t.slug),
    check('boxes_price_check', sql`${t.price} >= 0`),
    check('boxes_color_check', sql`${t.color} in ('red', 'blue', 'pink', 'black', 'green', 'yellow')`),
  ],
);

/**
 * A box's prizes in draw order (`position`): each wins the tickets of its
 * `probability_ppm` range; the service keeps a box's sum at 1 000 000.
 */
export const boxPrizes = pgTable(
  'box_prizes',
  {
    id: serial('id').primaryKey(),
    boxId: integer('box_id')
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: jsonb('name').$type<BoxLocalText>().notNull(),
    image: text('image'),
    kind: text('kind', { enum: ['item', 'vip_points'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    sellValue: bigint('sell_value', { mode: 'number' }).notNull().default(0),
    points: integer('points').notNull().default(0),
    probabilityPpm: integer('probability_ppm').notNull(),
  },
  (t) => [
    uniqueIndex('box_prizes_box_position_unique').on(t.boxId, t.position),
    check('box_prizes_kind_check', sql`${t.kind} in ('item', 'vip_points')`),
    check('box_prizes_amounts_check', sql`${t.value} >= 0 and ${t.sellValue} >= 0 and ${t.points} >= 0`),
    check('box_prizes_ppm_check', sql`${t.probabilityPpm} > 0 and ${t.probabilityPpm} <= 1000000`),
  ],
);

/**
 * A box a player holds: bought (`purchase`, `source_ref` the purchase's
 * reference) or granted (`mission`, `promotion`, `operator`, `source_ref`
 * the granting reason's reference): unique per tenant, source and reference,
 * which makes grants and purchases idempotent. Its server seed is drawn when
 * the box is received (only the hash is shown) and revealed once opened.
 */
export const userBoxes = pgTable(
  'user_boxes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Restrict: a box players hold is archived (inactive), never deleted. */
    boxId: integer('box_id')
      .notNull()
      .references(() => boxes.id),
    source: text('source', { enum: ['purchase', 'mission', 'promotion', 'operator'] }).notNull(),
    sourceRef: text('source_ref').notNull(),
    status: text('status', { enum: ['unopened', 'opened', 'sold'] })
      .notNull()
      .default('unopened'),
    /** Centavos paid (purchases; 0 for grants). */
    pricePaid: bigint('price_paid', { mode: 'number' }).notNull().default(0),
    /** Centavos `POST /boxes/sell` credits while unopened (0: cannot be sold). */
    sellValue: bigint('sell_value', { mode: 'number' }).notNull().default(0),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    nonce: integer('nonce').notNull().default(0),
    ticket: integer('ticket'),
    ranges: jsonb('ranges').$type<StoredDrawRange[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_boxes_source_unique').on(t.tenantId, t.source, t.sourceRef),
    index('user_boxes_user_idx').on(t.userId, t.id),
    check('user_boxes_source_check', sql`${t.source} in ('purchase', 'mission', 'promotion', 'operator')`),
    check('user_boxes_status_check', sql`${t.status} in ('unopened', 'opened', 'sold')`),
    check('user_boxes_amounts_check', sql`${t.pricePaid} >= 0 and ${t.sellValue} >= 0`),
  ],
);

/**
 * The prize a box gave: one per user box (the unique index is the last
 * guard against opening twice). `prize` keeps the prize as it was when won;
 * `prize_id` follows the live prize while it exists. Item prizes are `kept`
 * until `sold` (credited once); `vip_points` prizes are `credited` at once.
 */
export const userPrizes = pgTable(
  'user_prizes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBoxId: bigint('user_box_id', { mode: 'number' })
      .notNull()
      .references(() => userBoxes.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id').references(() => boxPrizes.id, { onDelete: 'set null' }),
    prize: jsonb('prize').$type<StoredPrize>().notNull(),
    status: text('status', { enum: ['kept', 'sold', 'credited'] }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_prizes_user_box_unique').on(t.userBoxId),
    index('user_prizes_user_idx').on(t.userId, t.id),
    check('user_prizes_status_check', sql`${t.status} in ('kept', 'sold', 'credited')`),
  ],
);

export type BoxRow = typeof boxes.$inferSelect;
export type BoxPrizeRow = typeof boxPrizes.$inferSelect;
export type UserBoxRow = typeof userBoxes.$inferSelect;
export type UserPrizeRow = typeof userPrizes.$inferSelect;
