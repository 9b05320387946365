import type Echo from 'laravel-echo';
import { echoChannelName, realtimeChannel } from '../../contract/realtime.ts';
import { $onlineCount, setRealtimeState } from './state.ts';
import { apiBaseUrl } from '../api/base-url.ts';
import { apiEndpoint, readRuntimeConfig } from '../runtime-config.ts';
import { startRealtimeStatusBanner } from './status-banner.ts';
import { REALTIME_TIMEOUTS } from './timeouts.ts';

/**
 * The page's one realtime connection (spec sections 4 and 7). Whoever is on
 * the page — a visitor by guest id or a player by token — joins, on the same
 * connection:
 * - their private channel `private-universal.{guestId | userId}`;
 * - the tenant's public channel `universal-public.{casino_id}` (chat, bets);
 * - its presence twin `presence-universal-public.{casino_id}` (who is online).
 *
 * Channel authorisation headers are fixed when a connection is made, so
 * switching from guest to player closes the guest connection (which leaves
 * its channels) and opens one authorised by the player's token. pusher-js and
 * laravel-echo load only here, on demand.
 */
export type RealtimeActor = { kind: 'guest'; guestId: string } | { kind: 'user'; userId: number; token: string };

export interface RealtimeConnection {
  echo: Echo<'pusher'>;
  actor: RealtimeActor;
  /** Echo names (no `private-`/`presence-` prefix) of the joined channels. */
  channels: { own: string; tenant: string | null };
}

export type ConnectionListener = (connection: RealtimeConnection) => void;

let current: RealtimeConnection | null = null;
/** The actor a connect is under way for, until it completes or gives way. */
let pending: RealtimeActor | null = null;
/** Bumped by every connect/disconnect, so a slow connect started earlier gives way. */
let generation = 0;
const listeners = new Set<ConnectionListener>();

/** Runs `listener` for every new connection, and at once for the current one. Returns an unsubscribe function. */
export function onConnection(listener: ConnectionListener): () => void {
  listeners.add(listener);
  if (current) listener(current);
  return () => listeners.delete(listener);
}

/** Whether a connection exists or is being opened (a guest connect must not replace a player's). */
export function connectionUnderWay(): boolean {
  return current !== null || pending !== null;
}

function sameActor(a: RealtimeActor, b: RealtimeActor): boolean {
  return a.kind === 'guest' ? b.kind === 'guest' && a.guestId === b.guestId : b.kind === 'user' && a.userId === b.userId && a.token === b.token;
}

function authHeaders(actor: RealtimeActor): Record<string, string> {
  return actor.kind === 'guest' ? { 'Guest-ID': actor.guestId } : { Authorization: `Bearer ${actor.token}` };
}

async function openEcho(actor: RealtimeActor): Promise<Echo<'pusher'> | null> {
  const config = readRuntimeConfig();
  if (!config.realtime.key) return null;
  const [{ default: EchoClass }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  const { host, port, forceTLS, key, authEndpoint } = config.realtime;
  return new EchoClass({
    broadcaster: 'pusher',
    Pusher,
    key,
    cluster: 'mt1',
    wsHost: host || location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS,
    enabledTransports: forceTLS ? ['wss'] : ['ws', 'wss'],
    authEndpoint: apiEndpoint(apiBaseUrl(), authEndpoint),
    auth: { headers: authHeaders(actor) },
    ...REALTIME_TIMEOUTS,
  });
}

function tenantChannel(): string | null {
  const casinoId = readRuntimeConfig().casinoId;
  return casinoId > 0 ? echoChannelName(realtimeChannel.tenantPublic(casinoId)) : null;
}

/**
 * Connects as `actor` and joins its channels; a no-op when already connected
 * as the same actor. Resolves to the connection, or null when the tenant has
 * no realtime key or a newer connect/disconnect overtook this one.
 */
export async function connectAs(actor: RealtimeActor): Promise<RealtimeConnection | null> {
  if (current && sameActor(current.actor, actor)) return current;
  if (pending && sameActor(pending, actor)) return null;
  disconnect();
  const mine = ++generation;
  pending = actor;
  let echo: Echo<'pusher'> | null;
  try {
    echo = await openEcho(actor);
  } finally {
    if (mine === generation) pending = null;
  }
  if (!echo) return null;
  if (mine !== generation) {
    echo.disconnect();
    return null;
  }
  startRealtimeStatusBanner();
  echo.connector.pusher.connection.bind('state_change', (states: { current: string }) => setRealtimeState(states.current));
  setRealtimeState(echo.connector.pusher.connection.state);
  const own = echoChannelName(realtimeChannel.actorPrivate(actor.kind === 'guest' ? actor.guestId : actor.userId));
  const tenant = tenantChannel();
  echo.private(own);
  if (tenant) {
    echo.channel(tenant);
    echo
      .join(tenant)
      .here((members: unknown[]) => $onlineCount.set(members.length))
      .joining(() => $onlineCount.set(($onlineCount.get() ?? 0) + 1))
      .leaving(() => $onlineCount.set(Math.max(0, ($onlineCount.get() ?? 1) - 1)));
  }
  current = { echo, actor, channels: { own, tenant } };
  for (const listener of listeners) listener(current);
  return current;
}

/**
 * Closes the connection, which leaves every channel (logout, or before
 * switching actor): the server drops a closed socket's subscriptions and
 * presence memberships itself. No `pusher:unsubscribe` is sent first:
 * pusher-js defers each send to the next tick, by which time the socket is
 * closed, and the browser would warn "WebSocket is already in CLOSING or
 * CLOSED state" once per channel.
 */
export function disconnect(): void {
  generation++;
  pending = null;
  if (!current) return;
  const { echo } = current;
  current = null;
  echo.disconnect();
  setRealtimeState('disconnected');
  $onlineCount.set(null);
}
