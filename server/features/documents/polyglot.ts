/**
 * Signs that a file is also something else (a polyglot): another format's
 * header, or markup a browser or an interpreter would run. A document is a
 * photo or a scan: none of these has a reason to be in one.
 *
 * Rules (docs/kyc.md):
 * - `%PDF` in the first 1 KB of a JPEG or PNG: PDF readers look for their
 *   header anywhere in the first 1024 bytes, so such a file opens as a PDF too.
 * - HTML or script markup anywhere in an image, or outside the streams of a
 *   PDF (`<script`, `<html`, `<!doctype`, `<iframe`, `<svg` followed by a
 *   space or `>`, `<?php`, `javascript:`): harmless to a viewer, but exactly
 *   what a file crafted to be rendered as a page carries. Each pattern is
 *   long enough that megabytes of random image data do not produce it by
 *   chance (a bare `<svg` would, about once in 60 files of 8 MB).
 * - An archive's or a PDF's signature in the bytes after the image's end
 *   marker (ZIP, PDF, RAR, 7z): the trailer is where archives ride along. Other
 *   trailers pass: phones append more JPEGs there (MPF depth maps,
 *   previews) and vendor blocks, and short signatures such as gzip's three
 *   bytes turn up by chance in megabytes of image data.
 */

const MARKUP = /<script|<html|<!doctype|<iframe|<svg[\s>]|<\?php|javascript:/i;

/* eslint-disable no-control-regex -- binary signatures are made of control bytes */
/** Signatures looked for in an image's trailer (after its end marker), as latin1 text. */
const TRAILER_SIGNATURES: ReadonlyArray<readonly [string, RegExp]> = [
  ['PDF', /%PDF/],
  ['ZIP', /PK\x03\x04|PK\x05\x06/],
  ['RAR', /Rar!\x1a\x07/],
  ['7z', /7z\xbc\xaf\x27\x1c/],
];
/* eslint-enable no-control-regex */

/** Bytes as latin1 text: one character per byte, so offsets match and every byte is searchable. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The markup found in `text`, or null. */
export function markupIn(text: string): string | null {
  return MARKUP.exec(text)?.[0] ?? null;
}

/**
 * Why an image (`text`: the whole file as latin1, `end`: where its structure
 * ends) is a polyglot, or null when it is only an image.
 */
export function imagePolyglotReason(text: string, end: number): string | null {
  if (text.slice(0, 1024).includes('%PDF')) return 'PDF header in the first 1 KB';
  const markup = markupIn(text);
  if (markup) return `markup ${markup}`;
  const trailer = text.slice(end);
  for (const [name, signature] of TRAILER_SIGNATURES) if (signature.test(trailer)) return `${name} after the end marker`;
  return null;
}
