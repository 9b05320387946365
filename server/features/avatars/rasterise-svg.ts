import sharp from 'sharp';

/** Longest side of a rasterised SVG avatar, in pixels (avatars are shown far smaller). */
export const SVG_AVATAR_SIZE = 512;

/**
 * Largest canvas an SVG may declare (width × height): librsvg draws at the
 * declared size before scaling, so a `width="100000"` drawing would take
 * gigabytes; past this it is refused.
 */
const MAX_SVG_PIXELS = 4096 * 4096;

/**
 * Turns an uploaded SVG into a PNG of at most SVG_AVATAR_SIZE pixels a side.
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
export async function rasteriseSvg(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const png = await sharp(bytes, { limitInputPixels: MAX_SVG_PIXELS, failOn: 'error' })
      .resize(SVG_AVATAR_SIZE, SVG_AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .timeout({ seconds: 5 })
      .toBuffer();
    return new Uint8Array(png);
  } catch {
    return null;
  }
}
