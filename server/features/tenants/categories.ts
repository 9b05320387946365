import { asc, eq } from 'drizzle-orm';
import type { Category } from '../../../src/contract/tenant-bundle.ts';
import type { Db } from '../../db/open.ts';
import { categories } from './schema.ts';

/** A tenant's casino categories in menu order. */
export async function listCategories(db: Db, tenantId: number): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.sortOrder), asc(categories.slug));
  return rows.map((row) => ({
    slug: row.slug,
    name: { pt: row.namePt, en: row.nameEn },
    ...(row.icon ? { icon: row.icon } : {}),
    order: row.sortOrder,
  }));
}
