import { Hono } from 'hono';
import * as v from 'valibot';
import { MARK_ALL_READ_LISTS, NotificationsQuerySchema } from '../../../src/contract/notifications.ts';
import { requireUser } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';
import { userActor } from '../auth/routes.ts';
import type { NotificationsDeps } from './deps.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllRead, markRead } from './mark-read.ts';
import { NOTIFICATION_KEYS } from './messages.ts';

/** A notification id from the path; anything else is no notification (404). */
function notificationId(raw: string): number {
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundError('notification_not_found', { message: localizedKey(NOTIFICATION_KEYS.notFound) });
  return id;
}

/** The player's notification calls (spec section 7), mounted behind the tenant and actor middleware; 401 for guests. */
export function notificationRoutes(deps: NotificationsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/notifications', requireUser, async (c) => {
      const query = v.parse(NotificationsQuerySchema, { page: c.req.query('page'), per_page: c.req.query('per_page') });
      c.header('Cache-Control', 'no-store');
      return c.json(
        await listNotifications(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page: query.page, perPage: query.per_page }),
      );
    })
    .post('/notifications/:type/mark-all-read', requireUser, async (c) => {
      const list = v.safeParse(v.picklist(MARK_ALL_READ_LISTS), c.req.param('type'));
      if (!list.success) throw new ValidationError({ type: [NOTIFICATION_KEYS.listUnknown] });
      return c.json(await markAllRead(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, list: list.output }));
    })
    .post('/notifications/:id/read', requireUser, async (c) => {
      const id = notificationId(c.req.param('id'));
      return c.json(await markRead(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, id }));
    });
}
