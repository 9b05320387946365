import { asc, eq } from 'drizzle-orm';
import { SITE_FILES_FOLDER } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import type { PublicFile } from '../../sites/public-dir.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { siteFiles } from './schema.ts';

/**
 * The tenant's uploaded images as files of its site's public folder
 * (`uploads/<name>`), for the site builder. Read one at a time, so a build
 * holds one image in memory however many the tenant keeps. An unknown
 * domain has none.
 */
export async function* siteFilesForBuild(db: Db, domain: string): AsyncGenerator<PublicFile> {
  const tenant = await findTenantByDomain(db, domain);
  if (!tenant) return;
  const rows = await db.select({ id: siteFiles.id, name: siteFiles.name }).from(siteFiles).where(eq(siteFiles.tenantId, tenant.id)).orderBy(asc(siteFiles.id));
  for (const row of rows) {
    const [file] = await db.select({ bytes: siteFiles.bytes }).from(siteFiles).where(eq(siteFiles.id, row.id));
    // Files are never deleted today; one that went away since the list was read is simply not published.
    if (file) yield { path: `${SITE_FILES_FOLDER}/${row.name}`, bytes: file.bytes };
  }
}
