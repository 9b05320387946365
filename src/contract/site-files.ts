import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';
import { PageQuerySchema } from './wallet.ts';

/**
 * Images an operator uploads for the tenant's site (issue 21: logo, banners,
 * icons), shared by the platform (server/features/site-files) and the back
 * office (src/backoffice/stores/site-files.ts).
 *
 * Calls (under `/api/operator`, the admin-only `site` area):
 * - `POST /site-files`, the body being the image itself (not multipart; any
 *   `Content-Type`, the type is read from the bytes) → `{ file: SiteFileView }`,
 *   201 when stored now, 200 when the same image was already there;
 * - `GET /site-files?page&pageSize` → `SiteFilePage`, newest first;
 * - `GET /site-files/{name}` → the stored bytes (a preview before publication).
 *
 * A file is on the site at `path` from the next build of the site on.
 */

/** Largest image accepted, in bytes (the back office checks it before sending; the platform enforces it). */
export const SITE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Images one tenant may keep. */
export const SITE_FILES_MAX_PER_TENANT = 200;

/** Longest side, in pixels, of the PNG an uploaded SVG is drawn into. */
export const SITE_FILE_SVG_MAX_SIDE = 2048;

/** Largest picture accepted (width × height, every frame of an animation counted). */
export const SITE_FILE_MAX_PIXELS = 50_000_000;

/** What is stored and served: SVG arrives too, but is kept as the PNG it draws. */
export const SITE_FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type SiteFileExtension = keyof typeof SITE_FILE_TYPES;

/** Stored names: the first 24 hex digits of the sha256 of the stored bytes, and the extension. */
export const SITE_FILE_NAME_PATTERN = /^[0-9a-f]{24}\.(png|jpg|webp|gif)$/;

/** The field error (an i18n key) for a configuration path `/uploads/<name>` naming no image the tenant uploaded. */
export const UPLOAD_MISSING_KEY = 'validation.uploadMissing';

/** Where the site serves uploaded files from (`/uploads/<name>`). */
export const SITE_FILES_FOLDER = 'uploads';

/** One uploaded image. `path` is what the site configuration names it by. */
export interface SiteFileView {
  name: string;
  /** `/uploads/<name>`. */
  path: string;
  contentType: string;
  /** Pixels, as a browser shows it (EXIF orientation applied; an animation's frame). */
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
  createdAt: string;
}

/** `GET /site-files`: one page, newest first. */
export interface SiteFilePage {
  data: SiteFileView[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** Files a page of `GET /site-files` holds unless `pageSize` says otherwise, and the most it may ask. */
export const SITE_FILES_PAGE_SIZE = 24;
export const SITE_FILES_MAX_PAGE_SIZE = 100;

/** Query of `GET /site-files`: `page` from 1 (default 1), `pageSize` 1–100 (default 24). Values arrive as strings. */
export const SiteFilesQuerySchema = v.object({
  ...PageQuerySchema.entries,
  pageSize: v.optional(
    v.pipe(
      v.string(VALIDATION_KEYS.generic),
      v.regex(/^[1-9]\d{0,2}$/, VALIDATION_KEYS.generic),
      v.transform(Number),
      v.maxValue(SITE_FILES_MAX_PAGE_SIZE, VALIDATION_KEYS.generic),
    ),
    String(SITE_FILES_PAGE_SIZE),
  ),
});

/** Where an uploaded image is in use, so that it cannot be deleted: a configuration field, or a box, prize, promotion, rank, page, provider or game by its name. */
export interface SiteFileUse {
  where: 'config' | 'box' | 'prize' | 'promotion' | 'rank' | 'page' | 'provider' | 'game';
  /** The configuration field (`images.logo`, `banners.0.image`), or the thing's slug, level or code. */
  name: string;
}

/** The site path of a stored file. */
export function siteFilePath(name: string): string {
  return `/${SITE_FILES_FOLDER}/${name}`;
}
