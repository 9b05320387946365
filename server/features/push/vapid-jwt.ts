import { createPrivateKey, sign } from 'node:crypto';
import type { VapidKeyPair } from './vapid-keys.ts';

/** How long a VAPID token is valid; RFC 8292 §2 caps it at 24 h. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/**
 * The `Authorization` header value of RFC 8292 §3 for one push request:
 * `vapid t=<ES256 JWT>, k=<public key>`, with `aud` the endpoint's origin.
 */
export function vapidAuthorization(opts: { endpoint: string; keys: VapidKeyPair; subject: string; now: Date }): string {
  const publicKey = Buffer.from(opts.keys.publicKey, 'base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33, 65).toString('base64url'),
      d: opts.keys.privateKey,
    },
  });
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
  const claims = Buffer.from(
    JSON.stringify({
      aud: new URL(opts.endpoint).origin,
      exp: Math.floor(opts.now.getTime() / 1000) + VAPID_TOKEN_SECONDS,
      sub: opts.subject,
    }),
  ).toString('base64url');
  const signingInput = `${header}.${claims}`;
  // JWS ES256 wants the raw r ‖ s signature (RFC 7518 §3.4), not DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${signingInput}.${signature}, k=${opts.keys.publicKey}`;
}
