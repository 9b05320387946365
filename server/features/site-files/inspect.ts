import sharp from 'sharp';
import { SITE_FILE_MAX_PIXELS, SITE_FILE_SVG_MAX_SIDE, type SiteFileExtension } from '../../../src/contract/site-files.ts';
import { rasteriseSvg } from '../avatars/rasterise-svg.ts';
import { sniffImageType } from '../avatars/sniff.ts';

/** Why an upload is not a site image. */
export type ImageProblem = 'type' | 'svg' | 'damaged' | 'pixels';

export type InspectedImage =
  | { ok: true; bytes: Uint8Array; extension: SiteFileExtension; width: number; height: number }
  | { ok: false; problem: ImageProblem; detail: string };

/** Longest sharp may work on one file (a crafted file can be slow to decode). */
const DECODE_SECONDS = 10;

/**
 * What an uploaded file really is, and what to store for it.
 *
 * The type comes from the bytes (the avatars' sniffer; BMP, which it also
 * knows, is no web image and is refused). An SVG is drawn into a PNG of at
 * most SITE_FILE_SVG_MAX_SIDE pixels a side and only the PNG is kept: an
 * SVG served from the tenant's own origin and opened directly would run its
 * scripts there, and a PNG holds no markup at all. The SVG is not screened
 * like an avatar's (svg-safety.ts): designers' exports often carry `<use>`
 * or embedded `data:` pictures, and none of the markup survives drawing.
 *
 * Every file, drawn or not, is then decoded whole by sharp (every frame of
 * an animation) under a pixel limit and a timeout: this proves it is an
 * image a browser can show (a truncated PNG fails here) and gives its size
 * as shown (EXIF orientation applied). PNG, JPEG, WebP and GIF are kept as
 * sent, byte for byte: re-encoding would cost quality and undo the
 * operator's own optimisation, and served with their real type and
 * `nosniff` their other bytes (metadata, a trailer) are never interpreted.
 */
export async function inspectSiteImage(uploaded: Uint8Array): Promise<InspectedImage> {
  const sniffed = sniffImageType(uploaded);
  if (!sniffed || sniffed === 'bmp') return { ok: false, problem: 'type', detail: sniffed ?? 'unknown signature' };
  let bytes = uploaded;
  let extension: SiteFileExtension;
  if (sniffed === 'svg') {
    const png = await rasteriseSvg(uploaded, { maxSide: SITE_FILE_SVG_MAX_SIDE, enlarge: true });
    if (!png) return { ok: false, problem: 'svg', detail: 'librsvg could not draw it' };
    bytes = png;
    extension = 'png';
  } else {
    extension = sniffed;
  }
  const animated = extension === 'gif' || extension === 'webp';
  try {
    const meta = await sharp(bytes, { failOn: 'error', animated }).metadata();
    if (meta.width * meta.height > SITE_FILE_MAX_PIXELS) return { ok: false, problem: 'pixels', detail: `${meta.width}×${meta.height}` };
    // Decoding to a thumbnail reads every pixel of the source (JPEG shrink-on-load still walks all its data).
    await sharp(bytes, { failOn: 'error', animated, limitInputPixels: SITE_FILE_MAX_PIXELS })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .timeout({ seconds: DECODE_SECONDS })
      .toBuffer();
    // An animation's metadata height is that of all its frames stacked.
    return { ok: true, bytes, extension, width: meta.autoOrient.width, height: meta.pageHeight ?? meta.autoOrient.height };
  } catch (error) {
    return { ok: false, problem: 'damaged', detail: (error as Error).message };
  }
}
