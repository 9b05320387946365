import type Echo from 'laravel-echo';
import { connectAs, connectionUnderWay, currentConnection, disconnect, onConnection } from '../realtime/connection.ts';

/**
 * The session's side of the realtime connection (spec section 4): a visitor
 * joins the guest channel `private-universal.{guestId}`; after a sign-in
 * (1 s later) the player's channel `private-universal.{userId}` is joined and
 * the guest channel left. Both also join the tenant's public channel and its
 * presence twin (../realtime/connection.ts).
 */

/** Called with the connection and the Echo channel name each time a player's channel is joined. */
export type UserChannelListener = (connection: Echo<'pusher'>, channel: string) => void;

/**
 * Runs `listener` whenever a player's channel is joined (and at once when one
 * already is), so features bind their events to it without polling for the
 * connection. Returns an unsubscribe function.
 */
export function onUserChannel(listener: UserChannelListener): () => void {
  return onConnection((connection) => {
    if (connection.actor.kind === 'user') listener(connection.echo, connection.channels.own);
  });
}

/** The Echo instance of the current player, or null (for features that listen on the user's channel). */
export function userEcho(): Echo<'pusher'> | null {
  const connection = currentConnection();
  return connection?.actor.kind === 'user' ? connection.echo : null;
}

/** A visitor's guest channel; a no-op once any channel (guest or player) is joined. */
export async function joinGuestChannel(guestId: string): Promise<void> {
  if (connectionUnderWay()) return;
  await connectAs({ kind: 'guest', guestId });
}

/** Joins `private-universal.{userId}` with the player's token, leaving the guest channel. */
export async function joinUserChannels(userId: number, token: string): Promise<void> {
  await connectAs({ kind: 'user', userId, token });
}

/** Logout (or the switch to a player): leaves every channel and closes the connection. */
export function leaveAllChannels(): void {
  disconnect();
}
