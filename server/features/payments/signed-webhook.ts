import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../../http/context.ts';
import { parseJsonText } from '../../http/body.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from './signature.ts';

/**
 * The body of a PSP webhook (deposits, payouts), checked in this order:
 * 401 unless `X-Webhook-Signature` is the HMAC of the raw body with
 * `secret`; 400 for a body that is not JSON; 422 for control characters
 * (../../http/body.ts) or JSON that is not `schema`.
 */
export function readSignedWebhook<S extends v.GenericSchema>(c: Context<AppEnv>, secret: string, schema: S): Promise<v.InferOutput<S>> {
  return readVerifiedBody(c, (raw, header) => verifyWebhook(raw, header(WEBHOOK_SIGNATURE_HEADER), secret), schema);
}

/**
 * The same checks with the caller's own signature check (an aggregator's
 * scheme, server/features/casino/aggregators/adapter.ts): `verify` sees the
 * raw body as received and reads headers; false answers 401.
 */
export async function readVerifiedBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  verify: (raw: string, header: (name: string) => string | undefined) => boolean,
  schema: S,
): Promise<v.InferOutput<S>> {
  const raw = await c.req.text();
  if (!verify(raw, (name) => c.req.header(name))) {
    throw new UnauthorizedError('invalid_signature', { message: PAYMENT_MESSAGES.invalidSignature });
  }
  return parseJsonText(raw, schema);
}
