import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AvatarStore } from './store.ts';

/**
 * Headers that keep an uploaded image inert even when opened directly (SVG
 * avatars stored before issue 12 included): no fetches, no scripts, and a
 * sandbox giving the document an opaque origin.
 */
export const AVATAR_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // Names are random and never reused: cache for good.
  'Cache-Control': 'public, max-age=31536000, immutable',
} as const;

/**
 * The headers of one stored upload: its real type, AVATAR_HEADERS, and a
 * Content-Disposition that names the file; an SVG (legacy avatars) is an
 * attachment, so opening its address downloads it rather than rendering it
 * (`<img>` ignores the disposition).
 */
export function storedImageHeaders(file: string, contentType: string): Record<string, string> {
  const disposition = contentType === 'image/svg+xml' ? 'attachment' : 'inline';
  return { 'Content-Type': contentType, 'Content-Disposition': `${disposition}; filename="${file}"`, ...AVATAR_HEADERS };
}

/** `GET /avatars/{file}`: the stored image with its real content type (names match AVATAR_FILE_PATTERN, safe to quote). */
export function avatarRoutes(store: AvatarStore): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/avatars/:file', async (c) => {
    const file = c.req.param('file');
    const found = await store.read(file);
    if (!found) throw new NotFoundError('avatar_not_found');
    return c.body(new Uint8Array(found.bytes), 200, storedImageHeaders(file, found.contentType));
  });
}
