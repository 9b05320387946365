import sharp from 'sharp';

/** Longest side of a rasterised SVG avatar, in pixels (avatars are shown far smaller). */
export const SVG_AVATAR_SIZE = 512;

/**
 * Largest canvas an SVG may declare (width × height): librsvg draws at the
 * declared size before scaling, so a `width="100000"` drawing would take
 * gigabytes; past this it is refused.
 */
const MAX_SVG_PIXELS = 4096 * 4096;

/** librsvg's own resolution; sharp's `density` is relative to it. */
const SVG_DPI = 72;

export interface RasteriseOptions {
  /** Longest side of the PNG. Default SVG_AVATAR_SIZE. */
  maxSide?: number;
  /**
   * Draw a drawing declared smaller than `maxSide` at `maxSide` (a vector
   * logo of `width="120"` would otherwise be a blurry 120-pixel PNG on a
   * high-density screen). Default false: drawn at its declared size at most.
   */
  enlarge?: boolean;
}

/**
 * Turns an uploaded SVG into a PNG of at most `maxSide` pixels a side.
 *
 * Why rasterise rather than clean the markup: a PNG carries no markup at
 * all, so every SVG script vector (namespaced `<h:script>`, handlers,
 * `javascript:` links, `<foreignObject>`, external `<use>`/`<image>`,
 * entities) is gone by construction, not by an allowlist that might miss
 * one. librsvg draws without a base URL, so it loads nothing from the
 * network or the disk; it executes no script.
 * @returns the PNG bytes, or null when librsvg cannot draw the file (malformed
 * XML, undefined entities, an oversized canvas, or over 5 s of work).
 */
export async function rasteriseSvg(bytes: Uint8Array, opts: RasteriseOptions = {}): Promise<Uint8Array | null> {
  const maxSide = opts.maxSide ?? SVG_AVATAR_SIZE;
  try {
    const density = opts.enlarge ? await enlargingDensity(bytes, maxSide) : undefined;
    const png = await sharp(bytes, { limitInputPixels: MAX_SVG_PIXELS, failOn: 'error', ...(density ? { density } : {}) })
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .png()
      .timeout({ seconds: 5 })
      .toBuffer();
    return new Uint8Array(png);
  } catch {
    return null;
  }
}

/** The density that draws the SVG's longest declared side at `maxSide`, or undefined when it is already that large. */
async function enlargingDensity(bytes: Uint8Array, maxSide: number): Promise<number | undefined> {
  const { width, height } = await sharp(bytes, { limitInputPixels: MAX_SVG_PIXELS, failOn: 'error' }).metadata();
  const longest = Math.max(width ?? 0, height ?? 0);
  if (!(longest > 0) || longest >= maxSide) return undefined;
  // sharp accepts 1 to 100000; the resize after drawing trims any rounding above maxSide.
  return Math.min(100_000, (SVG_DPI * maxSide) / longest);
}
