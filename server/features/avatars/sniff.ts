/** Image types accepted for avatars (section 5: jpg, jpeg, png, bmp, gif, webp, svg). */
export const AVATAR_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type AvatarExtension = keyof typeof AVATAR_TYPES;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * The real type of an uploaded image from its first bytes (magic numbers),
 * ignoring the client's file name and Content-Type. SVG is recognised as
 * UTF-8 text whose first element is `<svg` (after an optional BOM, XML
 * declaration, comments and whitespace). Null: not an accepted image.
 */
export function sniffImageType(bytes: Uint8Array): AvatarExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // A multi-byte character cut at 4096 is fine; anything else is not UTF-8 text.
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4093));
    } catch {
      return false;
    }
  }
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(head);
}
