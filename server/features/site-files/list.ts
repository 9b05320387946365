import { count, desc, eq } from 'drizzle-orm';
import type { SiteFilePage } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { toSiteFileView, VIEW_COLUMNS } from './present.ts';
import { siteFiles } from './schema.ts';

/**
 * `GET /api/operator/site-files?page&pageSize`: the tenant's uploaded images,
 * newest first (a page past the end is empty). Reads one count and one page
 * of views, never the images' bytes.
 */
export async function listSiteFiles(db: Db, q: { tenantId: number; page: number; pageSize: number }): Promise<SiteFilePage> {
  const where = eq(siteFiles.tenantId, q.tenantId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(siteFiles).where(where);
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(siteFiles)
    .where(where)
    .orderBy(desc(siteFiles.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    data: rows.map(toSiteFileView),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.pageSize)),
    per_page: q.pageSize,
    total,
  };
}
