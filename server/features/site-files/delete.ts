import { and, eq, sql } from 'drizzle-orm';
import { SITE_FILE_NAME_PATTERN, type SiteFileUse } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import { tenants } from '../tenants/schema.ts';
import { siteFileUses } from './in-use.ts';
import { SITE_FILE_MESSAGES, siteFileInUseMessage } from './messages.ts';
import { siteFiles } from './schema.ts';

/**
 * Deletes one of the tenant's uploaded images, unless its site still names
 * it (the next build would publish a broken image). Holds the tenant's row
 * (as every configuration write does) and the uploads' lock, so neither a
 * configuration naming the file nor an upload of it interleaves with the check.
 * @throws NotFoundError (404) for a name that is not one of the tenant's files.
 * @throws DomainError (409 `site_file_in_use`, `details.usedBy`) when the site still uses it; nothing is deleted.
 */
export async function deleteSiteFile(db: Db, q: { tenantId: number; name: string }): Promise<void> {
  const notFound = () => new NotFoundError('site_file_not_found', { message: SITE_FILE_MESSAGES.notFound });
  if (!SITE_FILE_NAME_PATTERN.test(q.name)) throw notFound();
  await db.transaction(async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, q.tenantId)).for('update');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-files'), ${q.tenantId}::int)`);
    const [file] = await tx
      .select({ id: siteFiles.id })
      .from(siteFiles)
      .where(and(eq(siteFiles.tenantId, q.tenantId), eq(siteFiles.name, q.name)));
    if (!file) throw notFound();
    const usedBy: SiteFileUse[] = await siteFileUses(tx, q.tenantId, q.name);
    if (usedBy.length > 0) throw new DomainError('site_file_in_use', 409, undefined, { message: siteFileInUseMessage(usedBy), details: { usedBy } });
    await tx.delete(siteFiles).where(eq(siteFiles.id, file.id));
  });
}
