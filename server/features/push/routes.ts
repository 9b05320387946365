import { Hono } from 'hono';
import { type PushKeyAnswer, PushPromptAnswerSchema, type PushSubscribeAnswer, PushSubscriptionSchema } from '../../../src/contract/push.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { userActor } from '../auth/routes.ts';
import type { PushDeps } from './deps.ts';
import { recordPushPromptAnswer } from './prompt.ts';
import { saveSubscription } from './subscribe.ts';
import { vapidKeyPair } from './vapid-keys.ts';

/**
 * Web Push calls under `/api`, behind the tenant and actor middleware:
 * `GET /subscription/key` → `{ publicKey }` (anyone; not in the spec, the
 * browser needs it to subscribe) and `POST /subscription {endpoint, keys:
 * {p256dh, auth}}` (players only, 401 otherwise; 422 with field errors),
 * and `POST /subscription/prompt {answer: 'closed' | 'denied'}` (players
 * only; 204): when the player last closed or refused the modal.
 */
export function pushRoutes(deps: PushDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/subscription/key', async (c) => {
      const { publicKey } = await vapidKeyPair(deps.db);
      return c.json({ publicKey } satisfies PushKeyAnswer);
    })
    .post('/subscription', requireUser, async (c) => {
      const input = await readBody(c, PushSubscriptionSchema);
      await saveSubscription({ db: deps.db, tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, allowLoopbackHttp: deps.allowLoopbackHttp }, input);
      return c.json({ subscribed: true } satisfies PushSubscribeAnswer, 201);
    })
    .post('/subscription/prompt', requireUser, async (c) => {
      const input = await readBody(c, PushPromptAnswerSchema);
      const now = deps.now?.() ?? new Date();
      await recordPushPromptAnswer({ db: deps.db, tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, now }, input);
      return c.body(null, 204);
    });
}
