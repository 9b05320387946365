import { md5Hex, hmacHex, safeEqual } from './signature.ts';

export interface SignedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** How far (seconds) an `auth_timestamp` may drift from the server clock (Pusher allows 600). */
const MAX_CLOCK_SKEW_SECONDS = 600;

/**
 * Verifies a Pusher HTTP API request signed as the official SDKs sign it:
 * HMAC-SHA256 of `METHOD\npath\nquery` where query is every parameter except
 * `auth_signature`, keys lower-cased and sorted, `key=value` joined by `&`,
 * plus `body_md5` for a non-empty body. Returns the reason for refusal, or null.
 */
export function verifySignedRequest(request: SignedRequest, app: { key: string; secret: string }, nowMs = Date.now()): string | null {
  const q = request.query;
  if (q.get('auth_key') !== app.key) return 'Unknown auth_key';
  if (q.get('auth_version') !== '1.0') return 'auth_version must be 1.0';
  const timestamp = Number(q.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(nowMs / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    return 'auth_timestamp is missing or too far from the server time';
  }
  if (request.body !== '' && !safeEqual(q.get('body_md5') ?? '', md5Hex(request.body))) return 'body_md5 does not match the body';
  const signature = q.get('auth_signature') ?? '';
  const expected = hmacHex(app.secret, [request.method.toUpperCase(), request.path, canonicalQuery(q)].join('\n'));
  return safeEqual(signature, expected) ? null : 'Invalid auth_signature';
}

/** The query string the signature covers. */
export function canonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .map(([key, value]): [string, string] => [key.toLowerCase(), value])
    .filter(([key]) => key !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}
