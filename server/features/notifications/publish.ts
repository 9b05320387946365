import type { NotificationView } from '../../../src/contract/notifications.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import { type NotificationRow, toNotificationView } from './present.ts';

/** What publishing a notification needs: the realtime publisher and a logger for its failures. */
export interface LiveNotificationDeps {
  publish: Publish;
  log: Pick<Logger, 'warn'>;
}

/**
 * Delivers a stored notification live: `NotificationSent` (payload: the
 * view) on the player's private channel, or on the tenant's public channel
 * `universal-public.{casino_id}` for a global notice (`userId` null), plus
 * `NotifyNewUserBox` (same payload) for type `box`. Failures are logged and
 * never thrown: the stored notification stands, the player sees it at their
 * next load.
 */
export async function publishNotification(deps: LiveNotificationDeps, target: { tenantId: number; userId: number | null }, view: NotificationView): Promise<void> {
  const channel = target.userId === null ? realtimeChannel.tenantPublic(target.tenantId) : realtimeChannel.actorPrivate(target.userId);
  const events = view.type === 'box' ? [RealtimeEvent.NotificationSent, RealtimeEvent.NotifyNewUserBox] : [RealtimeEvent.NotificationSent];
  for (const event of events) {
    try {
      await deps.publish([channel], wireEventName(event), view);
    } catch (error) {
      deps.log.warn(`notifications: ${event} of notification ${view.id} not sent`, error);
    }
  }
}

/**
 * Publishes notifications a transaction stored (a rank-up in a bet's
 * transaction, server/features/ranks/rank-up.ts), each as unread. Call it
 * only once that transaction has committed: a rolled-back one must announce
 * nothing (server/features/wallet/ledger-log.ts `inLoggedTransaction` does).
 */
export async function publishStoredNotifications(deps: LiveNotificationDeps, rows: readonly NotificationRow[]): Promise<void> {
  for (const row of rows) await publishNotification(deps, { tenantId: row.tenantId, userId: row.userId }, toNotificationView(row, null));
}
