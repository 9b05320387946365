import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { SITE_FILE_MAX_BYTES, SITE_FILE_TYPES, SITE_FILES_MAX_PER_TENANT, type SiteFileExtension, type SiteFileView } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { DomainError } from '../../http/errors.ts';
import type { MessageLocale } from '../../http/messages.ts';
import { type ImageProblem, inspectSiteImage } from './inspect.ts';
import { SITE_FILE_MESSAGES } from './messages.ts';
import { toSiteFileView, VIEW_COLUMNS } from './present.ts';
import { siteFiles } from './schema.ts';

/** The refusals' field, as the back office names the file input. */
export const SITE_FILE_FIELD = 'file';

export interface UploadSiteFileInput {
  tenantId: number;
  /** The staff member sending it; null for the operator key. */
  uploadedBy: number | null;
  /** The request body as sent. */
  bytes: Uint8Array;
  locale: MessageLocale;
}

/** The stored file, and whether this call stored it (false: the same image was already there). */
export interface UploadedSiteFile {
  file: SiteFileView;
  created: boolean;
}

/** The content-addressed name of stored bytes: 96 bits of their sha256, so the same image always has the same name. */
export function siteFileName(bytes: Uint8Array, extension: SiteFileExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${extension}`;
}

type MessageKey = keyof typeof SITE_FILE_MESSAGES;
const PROBLEM_MESSAGES: Record<ImageProblem, MessageKey> = { type: 'type', svg: 'svg', damaged: 'damaged', pixels: 'pixels' };

/**
 * `POST /api/operator/site-files`: keeps an image for the tenant's site
 * (inspect.ts decides what is an image and what is stored: an SVG becomes
 * a PNG). Idempotent: the name is the stored bytes' hash, so sending the
 * same image again, even concurrently, answers the one row (`created`
 * false) and never counts against the limit.
 * @throws DomainError 413 `site_file_too_large` past SITE_FILE_MAX_BYTES;
 * 422 `site_file_missing` (empty body), `site_file_type`, `site_file_svg`,
 * `site_file_damaged`, `site_file_pixels`; 409 `site_files_limit` when the
 * tenant already keeps SITE_FILES_MAX_PER_TENANT files. Each names the
 * `file` field in the caller's language and carries both languages' message.
 */
export async function uploadSiteFile(db: Db, input: UploadSiteFileInput): Promise<UploadedSiteFile> {
  const refuse = (code: string, status: 409 | 413 | 422, key: MessageKey) =>
    new DomainError(code, status, { [SITE_FILE_FIELD]: [SITE_FILE_MESSAGES[key][input.locale]] }, { message: SITE_FILE_MESSAGES[key] });
  if (input.bytes.length === 0) throw refuse('site_file_missing', 422, 'missing');
  if (input.bytes.length > SITE_FILE_MAX_BYTES) throw refuse('site_file_too_large', 413, 'tooLarge');
  const image = await inspectSiteImage(input.bytes);
  if (!image.ok) throw refuse(`site_file_${image.problem}`, 422, PROBLEM_MESSAGES[image.problem]);
  const name = siteFileName(image.bytes, image.extension);
  const stored = (tx: Db) =>
    tx
      .select(VIEW_COLUMNS)
      .from(siteFiles)
      .where(and(eq(siteFiles.tenantId, input.tenantId), eq(siteFiles.name, name)))
      .then(([row]) => row);
  return db.transaction(async (tx) => {
    // Uploads of one tenant count and insert one at a time (on every node), so the limit holds under concurrent uploads.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-files'), ${input.tenantId}::int)`);
    const existing = await stored(tx);
    if (existing) return { file: toSiteFileView(existing), created: false };
    const [{ files } = { files: 0 }] = await tx.select({ files: count() }).from(siteFiles).where(eq(siteFiles.tenantId, input.tenantId));
    if (files >= SITE_FILES_MAX_PER_TENANT) throw refuse('site_files_limit', 409, 'limit');
    const [row] = await tx
      .insert(siteFiles)
      .values({
        tenantId: input.tenantId,
        name,
        contentType: SITE_FILE_TYPES[image.extension],
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        size: image.bytes.length,
        uploadedBy: input.uploadedBy,
      })
      // The lock already orders uploads; the unique index stays the guarantee should anything insert without it.
      .onConflictDoNothing({ target: [siteFiles.tenantId, siteFiles.name] })
      .returning(VIEW_COLUMNS);
    if (row) return { file: toSiteFileView(row), created: true };
    const raced = await stored(tx);
    if (!raced) throw new Error(`site file ${name} of tenant ${input.tenantId} neither inserted nor found`);
    return { file: toSiteFileView(raced), created: false };
  });
}
