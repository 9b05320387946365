import { Hono } from 'hono';
import * as v from 'valibot';
import { GLOBAL_NOTIFICATION_TYPE, NOTIFICATION_TYPES } from '../../../src/contract/notifications.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireOperator } from '../operator/auth.ts';
import { NotificationContentEntries } from './content.ts';
import type { NotificationsDeps } from './deps.ts';
import { NOTIFICATION_KEYS } from './messages.ts';
import { notify } from './notify.ts';

/**
 * Body of `POST /operator/notifications`: `user_id` the player (absent or
 * null: a global notice), `type` (default `user` for a player, `platform`
 * for a global notice), `title` and `message` (one text, or `{ pt, en }`),
 * optional `url` and `box_id`.
 */
const OperatorNotificationBody = v.object({
  user_id: v.optional(v.nullable(v.pipe(v.number(NOTIFICATION_KEYS.userId), v.safeInteger(NOTIFICATION_KEYS.userId), v.minValue(1, NOTIFICATION_KEYS.userId)))),
  type: v.optional(v.picklist(NOTIFICATION_TYPES, NOTIFICATION_KEYS.type)),
  ...NotificationContentEntries,
});

/**
 * `POST /api/operator/notifications` (operator key): notifies one player of
 * the key's tenant, or every player with a global notice; delivered live and
 * by push as `notify` says. 201 `{ notification }`; 422 with field errors in
 * the caller's language for bad input (nothing stored).
 */
export function notificationOperatorRoutes(deps: NotificationsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/notifications', requireOperator(deps.db), async (c) => {
    const body = await readBody(c, OperatorNotificationBody);
    const tenant = c.get('tenant');
    const userId = body.user_id ?? null;
    const notification = await notify(deps, {
      tenant: { id: tenant.id },
      userId,
      type: body.type ?? (userId === null ? GLOBAL_NOTIFICATION_TYPE : 'user'),
      content: { title: body.title, message: body.message, url: body.url, box_id: body.box_id },
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ notification }, 201);
  });
}
