import { RealtimeEvent } from '../contract/realtime.ts';
import { receiveNewBox, receiveNotification } from './notifications.ts';

/** Minimal views of laravel-echo's objects, so tests can pass fakes. */
export interface ListeningChannel {
  listen(event: string, callback: (payload: unknown) => void): unknown;
}
export interface NotificationEcho {
  private(channel: string): ListeningChannel;
  channel(channel: string): ListeningChannel;
}

/**
 * Listens on a new player connection: `NotificationSent` and
 * `NotifyNewUserBox` on the player's private channel, and `NotificationSent`
 * on the tenant's public channel `universal-public.{casino_id}` (`tenantChannel`,
 * null when the casino id is unknown), where the platform publishes global
 * notices once for everybody (guests' pages never bind it: the store ignores
 * arrivals without a player).
 */
export function bindNotificationEvents(echo: NotificationEcho, channel: string, tenantChannel: string | null): void {
  const own = echo.private(channel);
  own.listen(RealtimeEvent.NotificationSent, receiveNotification);
  own.listen(RealtimeEvent.NotifyNewUserBox, receiveNewBox);
  if (tenantChannel) echo.channel(tenantChannel).listen(RealtimeEvent.NotificationSent, receiveNotification);
}
