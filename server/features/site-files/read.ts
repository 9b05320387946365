import { and, eq } from 'drizzle-orm';
import { SITE_FILE_NAME_PATTERN } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { SITE_FILE_MESSAGES } from './messages.ts';
import { siteFiles } from './schema.ts';

/**
 * One uploaded image of the tenant, bytes and type (the back office's
 * preview before the site is published again).
 * @throws NotFoundError (404) for a name that is not a stored name or not the tenant's.
 */
export async function readSiteFile(db: Db, q: { tenantId: number; name: string }): Promise<{ bytes: Uint8Array; contentType: string }> {
  const notFound = () => new NotFoundError('site_file_not_found', { message: SITE_FILE_MESSAGES.notFound });
  if (!SITE_FILE_NAME_PATTERN.test(q.name)) throw notFound();
  const [row] = await db
    .select({ bytes: siteFiles.bytes, contentType: siteFiles.contentType })
    .from(siteFiles)
    .where(and(eq(siteFiles.tenantId, q.tenantId), eq(siteFiles.name, q.name)));
  if (!row) throw notFound();
  return row;
}
