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
export async function readSignedWebhook<S extends v.GenericSchema>(c: Context<AppEnv>, secret: string, schema: S): Promise<v.InferOutput<S>> {
  const raw = await c.req.text();
  if (!verifyWebhook(raw, c.req.header(WEBHOOK_SIGNATURE_HEADER), secret)) {
    throw new UnauthorizedError('invalid_signature', { message: PAYMENT_MESSAGES.invalidSignature });
  }
  return parseJsonText(raw, schema);
}
