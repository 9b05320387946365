import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { LEGAL_SLUGS, type TenantPage } from '../../../src/contract/tenant-bundle.ts';
import type { Db } from '../../db/open.ts';
import { sanitizePageHtml } from './sanitize.ts';
import { type TenantPageRow, tenantPages } from './schema.ts';

/** Input of a page write; legal pages use one of LEGAL_SLUGS, custom pages a lower-case slug. */
export const PageInputSchema = v.pipe(
  v.object({
    kind: v.picklist(['legal', 'custom'], 'must be legal or custom'),
    slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'), v.maxLength(80)),
    locale: v.picklist(['pt', 'en'], 'must be pt or en'),
    title: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(200)),
    bodyHtml: v.pipe(v.string(), v.maxLength(200_000, 'must be at most 200000 characters')),
  }),
  v.forward(
    v.check(
      (page) => page.kind !== 'legal' || (LEGAL_SLUGS as readonly string[]).includes(page.slug),
      `must be one of ${LEGAL_SLUGS.join(', ')} for a legal page`,
    ),
    ['slug'],
  ),
);
export type PageInput = v.InferInput<typeof PageInputSchema>;

export function toTenantPage(row: TenantPageRow): TenantPage {
  return { kind: row.kind, slug: row.slug, locale: row.locale, title: row.title, bodyHtml: row.bodyHtml, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Creates or replaces one page of a tenant (unique per kind, slug and locale).
 * The HTML is sanitised before it is written.
 * @throws ValiError (422) when the input is malformed.
 */
export async function upsertTenantPage(db: Db, tenantId: number, input: PageInput): Promise<TenantPage> {
  const page = v.parse(PageInputSchema, input);
  const values = { ...page, tenantId, bodyHtml: sanitizePageHtml(page.bodyHtml), updatedAt: new Date() };
  const [row] = await db
    .insert(tenantPages)
    .values(values)
    .onConflictDoUpdate({
      target: [tenantPages.tenantId, tenantPages.kind, tenantPages.slug, tenantPages.locale],
      set: { title: values.title, bodyHtml: values.bodyHtml, updatedAt: values.updatedAt },
    })
    .returning();
  if (!row) throw new Error('page upsert returned no row');
  return toTenantPage(row);
}

/** Every page of a tenant, legal first, then by slug and locale. */
export async function listTenantPages(db: Db, tenantId: number): Promise<TenantPage[]> {
  const rows = await db
    .select()
    .from(tenantPages)
    .where(eq(tenantPages.tenantId, tenantId))
    .orderBy(asc(tenantPages.kind), asc(tenantPages.slug), asc(tenantPages.locale));
  return rows.map(toTenantPage);
}

/** One page, or null. */
export async function findTenantPage(db: Db, tenantId: number, kind: TenantPage['kind'], slug: string, locale: TenantPage['locale']): Promise<TenantPage | null> {
  const [row] = await db
    .select()
    .from(tenantPages)
    .where(and(eq(tenantPages.tenantId, tenantId), eq(tenantPages.kind, kind), eq(tenantPages.slug, slug), eq(tenantPages.locale, locale)))
    .limit(1);
  return row ? toTenantPage(row) : null;
}
