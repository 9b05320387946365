import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import type { LocalisedText } from '../ranks/schema.ts';

/**
 * Operator-managed promotions (issue 18): pre-rendered per tenant and locale
 * at `/promotions` (the list) and one page per promotion. `body` is the
 * operator's text per locale, sanitised at save like custom pages.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    summary: jsonb('summary').$type<LocalisedText>().notNull(),
    body: jsonb('body').$type<LocalisedText>().notNull(),
    image: text('image'),
    /** A coupon code the promotion advertises, if any. */
    couponCode: text('coupon_code'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotions_tenant_slug_unique').on(t.tenantId, t.slug)],
);

export type PromotionRow = typeof promotions.$inferSelect;
