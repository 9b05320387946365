import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  GLOBAL_NOTIFICATION_TYPE,
  type NotificationType,
  type NotificationView,
  PLAYER_NOTIFICATION_TYPES,
} from '../../../src/contract/notifications.ts';
import { ValidationError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { clockOf, type NotificationsDeps } from './deps.ts';
import { NOTIFICATION_KEYS } from './messages.ts';
import { contentOf, NotificationContentSchema } from './content.ts';
import { toNotificationView } from './present.ts';
import { publishNotification } from './publish.ts';
import { notifications } from './schema.ts';

export interface NotifyInput {
  /** Its id names the tenant's public channel too. */
  tenant: { id: number };
  /** The player notified; null for a global notice (then `type` must be `platform`). */
  userId: number | null;
  type: NotificationType;
  /** Title and message (one text or `{ pt, en }`), optional `url` and `box_id`; validated here. */
  content: v.InferInput<typeof NotificationContentSchema>;
}

/**
 * Creates a notification and delivers it live:
 * - a player's (`userId`, a player type): stored, then `NotificationSent`
 *   (payload: the notification view) on the player's private channel, plus
 *   `NotifyNewUserBox` (same payload) for type `box`;
 * - a global notice (`userId` null, type `platform`): stored once for the
 *   tenant, then `NotificationSent` on the tenant's public channel
 *   `universal-public.{casino_id}`, which the site of every signed-in player
 *   listens to.
 * Then the optional `push` sends a browser push, each browser in its
 * player's language (the push sender picks from the translations). Realtime and
 * push failures are logged and never undo or fail the notification.
 * @throws ValidationError (422) for a type that does not fit the target, a
 * player who is not the tenant's, or bad content (nothing stored).
 */
export async function notify(deps: NotificationsDeps, input: NotifyInput): Promise<NotificationView> {
  const isGlobal = input.userId === null;
  if (isGlobal && input.type !== GLOBAL_NOTIFICATION_TYPE) throw new ValidationError({ type: [NOTIFICATION_KEYS.globalType] });
  if (!isGlobal && !(PLAYER_NOTIFICATION_TYPES as readonly string[]).includes(input.type)) throw new ValidationError({ type: [NOTIFICATION_KEYS.playerType] });
  const content = contentOf(v.parse(NotificationContentSchema, input.content));

  let language: 'pt' | 'en' = 'pt';
  if (input.userId !== null) {
    const [player] = await deps.db
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.tenantId, input.tenant.id)));
    if (!player) throw new ValidationError({ user_id: [NOTIFICATION_KEYS.playerNotFound] });
    language = player.language;
  }

  const [row] = await deps.db
    .insert(notifications)
    .values({ tenantId: input.tenant.id, userId: input.userId, type: input.type, notification: { ...content }, createdAt: clockOf(deps) })
    .returning();
  const view = toNotificationView(row!, null);

  await publishNotification(deps, { tenantId: input.tenant.id, userId: input.userId }, view);

  if (deps.push) {
    const sending = deps
      .push(
        { tenantId: input.tenant.id, userId: input.userId },
        {
          title: content.title[language],
          body: content.message[language],
          ...(content.url ? { url: content.url } : {}),
          translations: { pt: { title: content.title.pt, body: content.message.pt }, en: { title: content.title.en, body: content.message.en } },
        },
      )
      .catch((error: unknown) => deps.log.warn(`notifications: push of notification ${view.id} failed`, error));
    // A player's few browsers are pushed before answering; a global notice may reach every subscribed
    // browser of the tenant, so it goes on in the background and the operator's call answers at once.
    if (!isGlobal) await sending;
  }
  return view;
}
