import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_FORMATS, IMAGE_KINDS, type ImageFormat, type ImageKind } from '../../../src/lib/images/responsive.ts';

/**
 * Encoder settings; part of every cache key, so changing one redraws
 * everything. AVIF at effort 1 costs ~60 ms for a 600×800 cover on this
 * machine (effort 4: ~700 ms, 12 % smaller); the art is flat colour and text.
 */
const ENCODING = { avif: { quality: 55, effort: 1 }, webp: { quality: 78, effort: 3 } } as const;
const CACHE_VERSION = `v1 ${JSON.stringify(ENCODING)}`;

/** Largest canvas drawn (librsvg draws at the requested density before scaling). */
const MAX_PIXELS = 4096 * 4096;
/** One source's drawing gives up after this long. */
const TIMEOUT_SECONDS = 30;

/** One drawn copy: its size (width; a logo's height), format and file in the cache. */
export interface DrawnVariant {
  size: number;
  format: ImageFormat;
  file: string;
}

export interface DrawResult {
  variants: DrawnVariant[];
  /** True when every variant came from the cache. */
  cached: boolean;
}

/** Content hash of a source with the encoder settings: the cache key's stem. */
export function sourceKey(bytes: Uint8Array): string {
  return createHash('sha256').update(CACHE_VERSION).update('\0').update(bytes).digest('hex');
}

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/** The cache files of `bytes` drawn as `kind` at `sizes` (drawn or not). */
export function plannedVariants(bytes: Uint8Array, kind: ImageKind, sizes: readonly number[], cacheDir: string): DrawnVariant[] {
  const key = sourceKey(bytes);
  const folder = join(cacheDir, key.slice(0, 2));
  return sizes.flatMap((size) => IMAGE_FORMATS.map((format) => ({ size, format, file: join(folder, `${key}.${kind}.${size}.${format}`) })));
}

/** True when every one of `variants` is in the cache. */
export async function allCached(variants: readonly DrawnVariant[]): Promise<boolean> {
  return (await Promise.all(variants.map((variant) => exists(variant.file)))).every(Boolean);
}

/** Writes `data` to `path` through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomically(path: string, data: Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Output pixel size of one variant. */
function targetOf(kind: ImageKind, size: number, natural: { width: number; height: number }): { width: number; height: number } {
  const aspect = IMAGE_KINDS[kind].aspect;
  if (aspect) return { width: size, height: Math.round((size * aspect[1]) / aspect[0]) };
  return { width: Math.max(1, Math.round((natural.width * size) / natural.height)), height: size };
}

/**
 * Draws `bytes` (SVG or a raster sharp reads) as `kind` at every size in
 * AVIF and WebP, into `cacheDir/<2 hex>/<content hash>.<kind>.<size>.<format>`.
 * Variants already in the cache are not drawn again; the source is rendered
 * once, at the largest size (an SVG at the density that gives it those
 * pixels, so text stays sharp), and scaled down for the others.
 * @throws Error when sharp cannot read or draw the source (malformed, over MAX_PIXELS, over the timeout).
 */
export async function drawImage(bytes: Uint8Array, kind: ImageKind, sizes: readonly number[], cacheDir: string): Promise<DrawResult> {
  const wanted = plannedVariants(bytes, kind, sizes, cacheDir);
  const folder = dirname(wanted[0]?.file ?? cacheDir);
  const present = await Promise.all(wanted.map((variant) => exists(variant.file)));
  const missing = wanted.filter((_, i) => !present[i]);
  if (missing.length === 0) return { variants: wanted, cached: true };

  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
  if (!meta.width || !meta.height) throw new Error('the image has no size');
  const natural = { width: meta.width, height: meta.height };
  const largest = targetOf(kind, Math.max(...missing.map((variant) => variant.size)), natural);
  // Scale at which the source covers the largest target; an SVG is drawn at that scale, a raster resampled.
  const scale = Math.max(largest.width / natural.width, largest.height / natural.height);
  const density = meta.format === 'svg' ? Math.min(72 * Math.max(1, scale), 72 * Math.sqrt(MAX_PIXELS / (natural.width * natural.height))) : undefined;
  const base = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', ...(density ? { density } : {}) })
    .resize(largest.width, largest.height, { fit: 'cover' })
    .ensureAlpha()
    .raw()
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  await mkdir(folder, { recursive: true });
  for (const variant of missing) {
    const target = targetOf(kind, variant.size, natural);
    const pipeline = sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } }).resize(target.width, target.height, {
      fit: 'cover',
    });
    const encoded = variant.format === 'avif' ? pipeline.avif(ENCODING.avif) : pipeline.webp(ENCODING.webp);
    await writeAtomically(variant.file, await encoded.timeout({ seconds: TIMEOUT_SECONDS }).toBuffer());
  }
  return { variants: wanted, cached: false };
}
