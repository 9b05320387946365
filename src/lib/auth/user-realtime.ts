import type Echo from 'laravel-echo';
import { echoChannelName, realtimeChannel } from '../../contract/realtime.ts';
import { apiBaseUrl } from '../api/base-url.ts';
import { apiEndpoint, readRuntimeConfig } from '../runtime-config.ts';

/**
 * The logged-in player's realtime connection (spec section 4: "after 1 s
 * join the user's realtime channels and leave the guest channel").
 * pusher-js and laravel-echo load only here, after a sign-in, so visitors'
 * pages never download them. Guests are not connected at all (see
 * docs/site.md), so leaving the guest channel only applies when a later
 * feature has joined it on this connection.
 */
let echo: Echo<'pusher'> | null = null;
let userChannel: string | null = null;

/** The Echo instance of the current player, or null (for features that listen on the user's channel). */
export function userEcho(): Echo<'pusher'> | null {
  return echo;
}

/** Connects (once) with the player's token and subscribes `private-universal.{userId}`; leaves `guestId`'s channel. */
export async function joinUserChannels(userId: number, token: string, guestId: string | null): Promise<void> {
  const config = readRuntimeConfig();
  if (!config.realtime.key) return;
  const [{ default: EchoClass }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  if (!echo) {
    const { host, port, forceTLS, key, authEndpoint } = config.realtime;
    echo = new EchoClass({
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
      auth: { headers: { Authorization: `Bearer ${token}` } },
    });
  }
  if (guestId) echo.leave(echoChannelName(realtimeChannel.actorPrivate(guestId)));
  const name = echoChannelName(realtimeChannel.actorPrivate(userId));
  if (userChannel && userChannel !== name) echo.leave(userChannel);
  echo.private(name);
  userChannel = name;
}

/** Logout: leaves every channel and closes the connection. */
export function leaveAllChannels(): void {
  echo?.disconnect();
  echo = null;
  userChannel = null;
}
