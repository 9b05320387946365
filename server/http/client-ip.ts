import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP for rate limits and Turnstile: the first address of the
 * trusted proxy header `header` (CLIENT_IP_HEADER) when configured, else the
 * TCP peer address, else `unknown` (e.g. `app.request()` in tests).
 */
export function clientIp(c: Context, header: string | null): string {
  if (header) {
    const value = c.req.header(header)?.split(',')[0]?.trim();
    if (value && value.length <= 64) return value;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
