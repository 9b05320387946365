import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { copyFile, link, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { variantUrl } from '../../../src/lib/images/responsive.ts';
import { collectSiteImages, type ImageRequest } from './collect.ts';
import { allCached, drawImage, plannedVariants } from './draw.ts';

export { collectSiteImages } from './collect.ts';
export { drawImage, sourceKey } from './draw.ts';

export interface SiteImages {
  /** Build-relative path (`_img/cover/…/a.svg.400.avif`) → its file in the cache. */
  files: Map<string, string>;
  /** Drawable paths not drawn (no such file in the public folder, or sharp could not read it), sorted. */
  failed: string[];
  /** Requests (path and kind) drawn now, and those served whole from the cache. */
  drawn: number;
  cached: number;
  ms: number;
  /**
   * With `beside`, the other sizes of newly drawn art are drawn while astro runs, one at a
   * time; this waits for them, adding a second drawer (astro has finished by then). Rejects
   * when a source that drew at its smallest size fails twice at the others.
   */
  finish(): Promise<void>;
}

/** The file a site path names in the public folder, or null when it would leave it. */
async function sourceFile(publicDir: string, url: string): Promise<string | null> {
  const root = await realpath(publicDir).catch(() => null);
  if (!root) return null;
  const file = await realpath(join(root, decodeURIComponent(url))).catch(() => null);
  return file?.startsWith(root + sep) ? file : null;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Draws a tenant's art for its next build (issue 14, src/lib/images/responsive.ts):
 * every request of {@link collectSiteImages} whose file is in `publicDir`,
 * cached by content in `cacheDir` (a rebuild, or another tenant with the same
 * art, draws nothing again). sharp draws off the event loop; two sources at
 * a time on a two-core machine (one per core, at most four).
 */
export async function prepareSiteImages(
  bundle: TenantBundle,
  publicDir: string,
  cacheDir: string,
  log: (line: string) => void = () => {},
  opts: { beside?: boolean } = {},
): Promise<SiteImages> {
  const started = performance.now();
  const requests = collectSiteImages(bundle);
  const drawnFiles: { url: string; relative: string; file: string }[] = [];
  const failed = new Set<string>();
  let drawn = 0;
  let cached = 0;
  const later: { url: string; draw: () => Promise<unknown> }[] = [];
  const sources = new Map<string, Promise<Uint8Array | null>>();
  const read = (url: string): Promise<Uint8Array | null> => {
    let bytes = sources.get(url);
    if (!bytes) {
      bytes = sourceFile(publicDir, url).then((file) => (file ? readFile(file) : null));
      sources.set(url, bytes);
    }
    return bytes;
  };
  await eachLimited(requests, Math.min(4, Math.max(1, availableParallelism())), async (request: ImageRequest) => {
    const bytes = await read(request.url);
    if (!bytes) {
      failed.add(request.url);
      return;
    }
    try {
      const variants = plannedVariants(bytes, request.kind, request.sizes, cacheDir);
      if (await allCached(variants)) cached++;
      else if (opts.beside) {
        // The smallest size now (it proves sharp can draw the source: the pages may name it), the rest beside astro.
        await drawImage(bytes, request.kind, request.sizes.slice(0, 1), cacheDir);
        later.push({ url: request.url, draw: () => drawImage(bytes, request.kind, request.sizes, cacheDir) });
        drawn++;
      } else {
        await drawImage(bytes, request.kind, request.sizes, cacheDir);
        drawn++;
      }
      for (const variant of variants) {
        drawnFiles.push({ url: request.url, relative: variantUrl(request.url, request.kind, variant.size, variant.format).slice(1), file: variant.file });
      }
    } catch (error) {
      failed.add(request.url);
      log(`[sites] images: ${request.url} could not be drawn (${(error as Error).message}); pages show the original`);
    }
  });
  // A path that failed as one kind keeps its original everywhere: the pages do not know kinds apart.
  const files = new Map(drawnFiles.filter(({ url }) => !failed.has(url)).map(({ relative, file }) => [relative, file] as const));
  const ms = performance.now() - started;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < later.length) {
      const { url, draw } = later[next++] as (typeof later)[number];
      // Once more on failure (a timeout on a loaded machine); a second failure fails the build, whose pages name these files.
      await draw()
        .catch(() => draw())
        .catch((error: unknown) => {
          throw new Error(`${url} could not be drawn at every size: ${(error as Error).message}`);
        });
    }
  };
  const beside = lane();
  // Handled here so a build that fails before linking leaves no unhandled rejection; finish() still reports it.
  beside.catch(() => undefined);
  const finish = async (): Promise<void> => {
    await Promise.all([beside, lane()]);
  };
  return { files, failed: [...failed].sort(), drawn, cached, ms, finish };
}

/**
 * The incremental rebuild's code fingerprint with what the pages read of the
 * drawing: which paths were not drawn (a drawn path's URLs do not depend on
 * its bytes, so redrawn art leaves the pages as they were).
 */
export function withImagesFingerprint(code: string, images: SiteImages | null): string {
  if (!images) return code;
  return createHash('sha256').update(code).update('\0images\0').update(JSON.stringify(images.failed)).digest('hex');
}

/** Where the platform keeps drawn art between builds: `<DATA_DIR>/image-cache`. */
export function imageCacheDir(dataDir: string): string {
  return join(dataDir, 'image-cache');
}

/** Writes the astro child's manifest (read by src/tenant/images.ts through env TENANT_IMAGES). */
export async function writeImagesManifest(path: string, images: SiteImages): Promise<void> {
  await writeFile(path, JSON.stringify({ failed: images.failed }));
}

/**
 * Puts the drawn copies into the build folder: hard links to the cache (files
 * there are never rewritten in place), copies when the cache is on another
 * file system.
 */
export async function linkSiteImages(dir: string, images: SiteImages): Promise<number> {
  await images.finish();
  const folders = new Map<string, Promise<unknown>>();
  const entries = [...images.files];
  await eachLimited(entries, 16, async ([relative, file]) => {
    const target = join(dir, relative);
    const folder = dirname(target);
    let made = folders.get(folder);
    if (!made) {
      made = mkdir(folder, { recursive: true });
      folders.set(folder, made);
    }
    await made;
    await link(file, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return;
      if (error.code === 'EXDEV' || error.code === 'EPERM') await copyFile(file, target);
      else throw error;
    });
  });
  return entries.length;
}
