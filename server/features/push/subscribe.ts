import { createECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '../../../src/contract/push.ts';
import { PUSH_FIELD_KEYS } from '../../../src/contract/push.ts';
import type { Db } from '../../db/open.ts';
import { ValidationError } from '../../http/errors.ts';
import { isAllowedEndpoint } from './endpoint-policy.ts';
import { pushSubscriptions } from './schema.ts';

function isCurvePoint(p256dh: string): boolean {
  try {
    // computeSecret refuses a point that is not on the curve.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a player's browser subscription (`POST /subscription`), keyed by
 * endpoint: the same browser subscribing again (new keys, or another player
 * on it) updates the row, so a push endpoint belongs to one player only.
 * @throws ValidationError (422) when the endpoint is not an allowed push
 * service URL or `p256dh` is not a P-256 point; nothing is written then.
 */
export async function saveSubscription(
  ctx: { db: Db; tenantId: number; userId: number; allowLoopbackHttp: boolean },
  input: PushSubscriptionInput,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!isAllowedEndpoint(input.endpoint, ctx.allowLoopbackHttp)) errors.endpoint = [PUSH_FIELD_KEYS.endpoint];
  if (!isCurvePoint(input.keys.p256dh)) errors['keys.p256dh'] = [PUSH_FIELD_KEYS.p256dh];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, 'invalid_push_subscription');

  const row = { tenantId: ctx.tenantId, userId: ctx.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh.replace(/=+$/, ''), auth: input.keys.auth.replace(/=+$/, '') };
  await ctx.db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { tenantId: row.tenantId, userId: row.userId, p256dh: row.p256dh, auth: row.auth } });
}
