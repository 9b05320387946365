import type Echo from 'laravel-echo';
import { connectAs, connectionUnderWay, disconnect, onConnection } from '../realtime/connection.ts';

/**
 * The session's side of the realtime connection (spec section 4): a visitor
 * joins the guest channel `private-universal.{guestId}`; after a sign-in
 * (1 s later) the player's channel `private-universal.{userId}` is joined and
 * the guest channel left. Both also join the tenant's public channel and its
 * presence twin (../realtime/connection.ts).
 */

/**
 * Called each time a player's channel is joined, with the connection, that
 * channel's Echo name and the tenant's public channel's (null without a casino id).
 */
export type UserChannelListener = (connection: Echo<'pusher'>, channel: string, tenantChannel: string | null) => void;

/**
 * Runs `listener` whenever a player's channel is joined (and at once when one
 * already is), so features bind their events to it without polling for the
 * connection. Returns an unsubscribe function.
 */
export function onUserChannel(listener: UserChannelListener): () => void {
  return onConnection((connection) => {
    if (connection.actor.kind === 'user') listener(connection.echo, connection.channels.own, connection.channels.tenant);
  });
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
