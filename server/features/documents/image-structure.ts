/**
 * Where a JPEG or PNG really ends, found by walking its structure (segments,
 * chunks) rather than searching for an end marker, which could sit inside
 * data. What follows that offset is a trailer the image viewer never reads:
 * the place other formats hide in a polyglot (see ./polyglot.ts).
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Offset just past a JPEG's EOI marker, or null when the segments are broken or it never ends. */
export function jpegEnd(b: Uint8Array): number | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    // Markers may be preceded by any number of 0xFF fill bytes.
    while (b[i] === 0xff) i++;
    if (i >= b.length) return null;
    const marker = b[i]!;
    i++;
    if (marker === 0xd9) return i;
    // Stand-alone markers carry no length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (i + 2 > b.length) return null;
    const length = (b[i]! << 8) | b[i + 1]!;
    if (length < 2) return null;
    i += length;
    if (marker === 0xda) i = entropyDataEnd(b, i);
  }
  return null;
}

/** After a start-of-scan header: skips the entropy-coded data up to the next real marker (0xFF followed by neither 0x00 nor a restart). */
function entropyDataEnd(b: Uint8Array, from: number): number {
  let i = from;
  while (i + 1 < b.length) {
    if (b[i] === 0xff) {
      const next = b[i + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return i;
    }
    i++;
  }
  return b.length;
}

/** Offset just past a PNG's IEND chunk, or null when the signature or a chunk is broken, IHDR is not first, or IEND is missing. */
export function pngEnd(b: Uint8Array): number | null {
  if (!PNG_SIGNATURE.every((byte, k) => b[k] === byte)) return null;
  let i = PNG_SIGNATURE.length;
  let first = true;
  while (i + 12 <= b.length) {
    const length = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (first && type !== 'IHDR') return null;
    first = false;
    const end = i + 12 + length;
    if (end > b.length) return null;
    if (type === 'IEND') return end;
    i = end;
  }
  return null;
}
