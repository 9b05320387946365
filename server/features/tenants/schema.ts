import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SiteConfig } from '../../../src/contract/site-config.ts';

/**
 * One row per operator site, keyed by its domain. `config` holds the whole
 * "Site configuration" entity, validated by `SiteConfigSchema` on every write.
 * The operator API key is stored only as its sha256 hex digest.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    status: text('status', { enum: ['active', 'maintenance'] }).notNull().default('active'),
    config: jsonb('config').$type<SiteConfig>().notNull(),
    operatorKeyHash: text('operator_key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenants_domain_unique').on(t.domain),
    uniqueIndex('tenants_operator_key_hash_unique').on(t.operatorKeyHash),
    check('tenants_status_check', sql`${t.status} in ('active', 'maintenance')`),
  ],
);

/** Legal pages (the six LEGAL_SLUGS) and custom `/pages/{slug}` pages, per locale. */
export const tenantPages = pgTable(
  'tenant_pages',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['legal', 'custom'] }).notNull(),
    slug: text('slug').notNull(),
    locale: text('locale', { enum: ['pt', 'en'] }).notNull(),
    title: text('title').notNull(),
    /** Sanitised on write: never contains scripts or event-handler attributes. */
    bodyHtml: text('body_html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenant_pages_unique').on(t.tenantId, t.kind, t.slug, t.locale),
    check('tenant_pages_kind_check', sql`${t.kind} in ('legal', 'custom')`),
    check('tenant_pages_locale_check', sql`${t.locale} in ('pt', 'en')`),
  ],
);

/** Casino game categories of a tenant, shown in the side menu and at `/casino/category/{slug}`. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    namePt: text('name_pt').notNull(),
    nameEn: text('name_en').notNull(),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_tenant_slug_unique').on(t.tenantId, t.slug), index('categories_tenant_order_idx').on(t.tenantId, t.sortOrder)],
);

export type TenantRow = typeof tenants.$inferSelect;
export type TenantPageRow = typeof tenantPages.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
