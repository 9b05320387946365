/**
 * Realtime channel and event names shared by the site (laravel-echo) and the
 * platform (publishers). Spec section 7 "Realtime".
 *
 * Event naming: publishers send the fully qualified name Laravel would send,
 * `App\Events\BetPlaced` ({@link wireEventName}). laravel-echo's default
 * namespace is `App.Events` and its formatter turns `listen('BetPlaced')` into
 * `App\Events\BetPlaced`, so the site listens with the short name and the
 * default namespace. (`listen('.BetPlaced')` would skip the namespace and
 * match only a bare `BetPlaced`, which we never send.)
 */

/** laravel-echo's `namespace` option; the default, spelled out. */
export const REALTIME_EVENT_NAMESPACE = 'App.Events';

/** Events of spec section 7, by short name. */
export const RealtimeEvent = {
  MessageSent: 'MessageSent',
  BetPlaced: 'BetPlaced',
  MissionAssigned: 'MissionAssigned',
  /** Not in the spec's list: an accepted mission's progress or completion (issue 19, docs/missions.md). */
  MissionProgress: 'MissionProgress',
  NotificationSent: 'NotificationSent',
  PaymentApproved: 'PaymentApproved',
  BalanceUpdated: 'BalanceUpdated',
  NotifyNewUserBox: 'NotifyNewUserBox',
} as const;

export type RealtimeEventName = (typeof RealtimeEvent)[keyof typeof RealtimeEvent];

/** The name on the wire: `App\Events\{name}`, what Echo's `listen(name)` expects. */
export function wireEventName(name: RealtimeEventName): string {
  return `${REALTIME_EVENT_NAMESPACE.replaceAll('.', '\\')}\\${name}`;
}

/**
 * Channel names as the server sees them. Echo adds the prefixes itself:
 * `echo.channel('universal-public.7')`, `echo.join('universal-public.7')`
 * (→ `presence-universal-public.7`), `echo.private('universal.' + id)`
 * (→ `private-universal.{id}`); {@link echoChannelName} strips them.
 */
export const realtimeChannel = {
  /** Public tenant channel: MessageSent, BetPlaced. */
  tenantPublic: (casinoId: number): string => `universal-public.${casinoId}`,
  /** Presence twin of the tenant channel (who is online). */
  tenantPresence: (casinoId: number): string => `presence-universal-public.${casinoId}`,
  /**
   * Private channel of one actor, by guest id for guests and user id for users:
   * MessageSent, MissionAssigned; for users also NotificationSent,
   * PaymentApproved, BalanceUpdated, NotifyNewUserBox.
   */
  actorPrivate: (actorId: string | number): string => `private-universal.${actorId}`,
} as const;

/** Which events each channel carries (spec section 7). */
export const CHANNEL_EVENTS = {
  tenantPublic: [RealtimeEvent.MessageSent, RealtimeEvent.BetPlaced],
  tenantPresence: [RealtimeEvent.MessageSent, RealtimeEvent.BetPlaced],
  guestPrivate: [RealtimeEvent.MessageSent, RealtimeEvent.MissionAssigned],
  userPrivate: [
    RealtimeEvent.MessageSent,
    RealtimeEvent.MissionAssigned,
    RealtimeEvent.MissionProgress,
    RealtimeEvent.NotificationSent,
    RealtimeEvent.PaymentApproved,
    RealtimeEvent.BalanceUpdated,
    RealtimeEvent.NotifyNewUserBox,
  ],
} as const satisfies Record<string, readonly RealtimeEventName[]>;

/** The name to give Echo's `channel` / `private` / `join` for a server channel name. */
export function echoChannelName(channelName: string): string {
  return channelName.replace(/^(private-encrypted-|private-|presence-)/, '');
}
