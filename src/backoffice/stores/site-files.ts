import { SITE_FILE_MAX_BYTES, type SiteFilePage, type SiteFileView } from '../../contract/site-files.ts';
import { BackofficeError, call, fetchBlob } from '../api.ts';
import { t } from '../i18n.ts';
import { $outcome, loader, resource } from './resource.ts';

/** One page of the tenant's uploaded images, newest first (the page number lives in the URL as `uploads`). */
export const $siteFiles = resource<SiteFilePage>();
const load = loader($siteFiles);

export function loadSiteFiles(page: number): Promise<void> {
  return load(() => call<SiteFilePage>(`/operator/site-files?page=${page}`));
}

/** The page the URL names (`?uploads=2`), 1 when absent or not a page number. */
export const uploadsPageOf = (query: URLSearchParams): number => (/^[1-9]\d{0,4}$/.test(query.get('uploads') ?? '') ? Number(query.get('uploads')) : 1);

/**
 * Deletes an uploaded image and reads the page again. The platform refuses
 * (saying where) while the site still uses it: that refusal is answered to
 * be shown beside the image, not at the top of a long screen.
 */
export async function deleteUpload(name: string, page: number): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await call(`/operator/site-files/${encodeURIComponent(name)}`, { method: 'DELETE' });
  } catch (error) {
    return { ok: false, message: error instanceof BackofficeError ? error.message : String(error) };
  }
  $outcome.set({ ok: true, text: t('upload.deleted', { name }) });
  await loadSiteFiles(page);
  return { ok: true };
}

/** What the file picker offers; the platform decides from the file's own bytes, whatever its name says. */
export const ACCEPTED_IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/** What an upload answered: the stored file (its site path among the rest), or why it was refused, in the staff member's language. */
export type UploadResult = { ok: true; file: SiteFileView } | { ok: false; message: string };

/**
 * Sends one image to the platform, which keeps it for the tenant's site
 * (served at `/uploads/<name>` from the next publication on). A file over the
 * limit is refused here, before its bytes travel.
 */
export async function uploadSiteFile(file: File): Promise<UploadResult> {
  if (file.size > SITE_FILE_MAX_BYTES) return { ok: false, message: t('upload.tooLarge', { mb: SITE_FILE_MAX_BYTES / (1024 * 1024) }) };
  try {
    const answer = await call<{ file: SiteFileView }>('/operator/site-files', { method: 'POST', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } });
    // The list of uploads, where it is shown, has the new one on its first page.
    if ($siteFiles.get().data) void loadSiteFiles(1);
    return { ok: true, file: answer.file };
  } catch (error) {
    return { ok: false, message: error instanceof BackofficeError ? error.message : String(error) };
  }
}

const UPLOAD_PATH = /^\/uploads\/([^/?#]+)$/;
/** Object URLs of uploads already fetched, by name (names are content hashes: one never changes). */
const previews = new Map<string, Promise<string>>();

/**
 * Where the back office shows an image from. An upload is on the site only
 * after the next publication, so its preview comes from the platform (staff
 * only, hence fetched with the back office's header, not linked); any other
 * path or address is shown from where it is.
 */
export function previewSource(path: string): Promise<string> {
  const name = UPLOAD_PATH.exec(path.trim())?.[1];
  if (!name) return Promise.resolve(path.trim());
  let source = previews.get(name);
  if (!source) {
    source = fetchBlob(`/operator/site-files/${encodeURIComponent(name)}`).then((blob) => URL.createObjectURL(blob));
    previews.set(name, source);
    // A failed preview is asked again next time rather than remembered.
    source.catch(() => previews.delete(name));
  }
  return source;
}
