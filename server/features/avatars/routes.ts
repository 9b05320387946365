import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AvatarStore } from './store.ts';

/** Headers that keep an avatar inert even when opened directly (SVG included). */
export const AVATAR_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // Names are random and never reused: cache for good.
  'Cache-Control': 'public, max-age=31536000, immutable',
} as const;

/** `GET /avatars/{file}`: the stored image with its real content type. */
export function avatarRoutes(store: AvatarStore): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/avatars/:file', async (c) => {
    const found = await store.read(c.req.param('file'));
    if (!found) throw new NotFoundError('avatar_not_found');
    return c.body(new Uint8Array(found.bytes), 200, { 'Content-Type': found.contentType, ...AVATAR_HEADERS });
  });
}
