import { and, eq, inArray } from 'drizzle-orm';
import { SITE_FILES_FOLDER, UPLOAD_MISSING_KEY } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, type FieldErrors } from '../../http/errors.ts';
import { SITE_FILE_MESSAGES } from './messages.ts';
import { siteFiles } from './schema.ts';

const PREFIX = `/${SITE_FILES_FOLDER}/`;

/** Every string of `value` that is an `/uploads/` path, by its dotted field path (`images.logo`, `banners.0.image`). */
export function uploadPathsIn(value: unknown, at = ''): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (node.startsWith(PREFIX)) found.set(path, node.slice(PREFIX.length));
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i)));
    else if (node && typeof node === 'object') for (const [key, item] of Object.entries(node)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(value, at);
  return found;
}

/**
 * A configuration may name an uploaded image only once it is uploaded: the
 * build writes `uploads/<name>` from the tenant's stored files, so a path
 * naming no stored file would publish a broken image on every page.
 * @throws DomainError (422 `site_file_missing`, the message saying what to
 * do) naming each field whose `/uploads/` path is not one of the tenant's files.
 */
export async function assertUploadsExist(db: Db, tenantId: number, config: unknown): Promise<void> {
  const paths = uploadPathsIn(config);
  if (paths.size === 0) return;
  const names = [...new Set(paths.values())];
  const rows = await db
    .select({ name: siteFiles.name })
    .from(siteFiles)
    .where(and(eq(siteFiles.tenantId, tenantId), inArray(siteFiles.name, names)));
  const stored = new Set(rows.map((row) => row.name));
  const errors: FieldErrors = {};
  for (const [field, name] of paths) if (!stored.has(name)) errors[field] = [UPLOAD_MISSING_KEY];
  if (Object.keys(errors).length > 0) throw new DomainError('site_file_missing', 422, errors, { message: SITE_FILE_MESSAGES.notUploaded });
}
