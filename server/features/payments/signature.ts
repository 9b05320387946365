import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the webhook body's HMAC: `sha256=<hex>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';

/** `sha256=<hex>` HMAC-SHA256 of the exact body bytes with `secret`. */
export function signWebhook(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** True when `header` is the signature of `body`; compared in constant time, false for anything missing or malformed. */
export function verifyWebhook(body: string, header: string | undefined, secret: string): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const given = Buffer.from(header.trim().slice(7).toLowerCase(), 'hex');
  const expected = Buffer.from(signWebhook(body, secret).slice(7), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
