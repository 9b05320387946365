import type Echo from 'laravel-echo';
import { echoChannelName, realtimeChannel } from '../../contract/realtime.ts';
import { apiBaseUrl } from '../api/base-url.ts';
import { apiEndpoint, readRuntimeConfig } from '../runtime-config.ts';

/**
 * The page's realtime connection (spec section 4): a visitor joins the guest
 * channel `private-universal.{guestId}`; after a sign-in (1 s later) the
 * player's channel `private-universal.{userId}` is joined and the guest
 * channel left. pusher-js and laravel-echo load only here, on demand, so no
 * page pays for them before the visitor interacts.
 *
 * Channel authorisation headers are fixed when a connection is made, so the
 * switch from guest to player closes the guest connection (which leaves its
 * channel) and opens one authorised by the player's token.
 */
type Joined = { kind: 'guest' | 'user'; channel: string };

let echo: Echo<'pusher'> | null = null;
let joined: Joined | null = null;

/** Called with the connection and the Echo channel name each time a player's channel is joined. */
export type UserChannelListener = (connection: Echo<'pusher'>, channel: string) => void;
const userChannelListeners = new Set<UserChannelListener>();

/**
 * Runs `listener` whenever a player's channel is joined (and at once when one
 * already is), so features bind their events to it without polling for the
 * connection. Returns an unsubscribe function.
 */
export function onUserChannel(listener: UserChannelListener): () => void {
  userChannelListeners.add(listener);
  if (echo && joined?.kind === 'user') listener(echo, joined.channel);
  return () => userChannelListeners.delete(listener);
}

/** The Echo instance of the current player, or null (for features that listen on the user's channel). */
export function userEcho(): Echo<'pusher'> | null {
  return joined?.kind === 'user' ? echo : null;
}

async function connect(headers: Record<string, string>): Promise<Echo<'pusher'> | null> {
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
    auth: { headers },
  });
}

/** A visitor's guest channel; a no-op once any channel (guest or player) is joined. */
export async function joinGuestChannel(guestId: string): Promise<void> {
  if (echo) return;
  const connection = await connect({ 'Guest-ID': guestId });
  // A sign-in may have connected while the client code was loading.
  if (!connection || echo) return connection?.disconnect();
  echo = connection;
  joined = { kind: 'guest', channel: echoChannelName(realtimeChannel.actorPrivate(guestId)) };
  echo.private(joined.channel);
}

/** Joins `private-universal.{userId}` with the player's token, leaving the guest channel. */
export async function joinUserChannels(userId: number, token: string): Promise<void> {
  const channel = echoChannelName(realtimeChannel.actorPrivate(userId));
  if (joined?.kind === 'user' && joined.channel === channel) return;
  leaveAllChannels();
  const connection = await connect({ Authorization: `Bearer ${token}` });
  if (!connection) return;
  echo = connection;
  joined = { kind: 'user', channel };
  echo.private(channel);
  for (const listener of userChannelListeners) listener(connection, channel);
}

/** Logout (or the switch to a player): leaves every channel and closes the connection. */
export function leaveAllChannels(): void {
  if (joined) echo?.leave(joined.channel);
  echo?.disconnect();
  echo = null;
  joined = null;
}
