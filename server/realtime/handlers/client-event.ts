import { frame } from '../codec.ts';
import { PusherError, PusherErrorCode } from '../errors.ts';
import type { Handler } from './context.ts';

/**
 * A `client-` event: relayed to the channel's other subscribers, only from a
 * socket subscribed to a private or presence channel (never an encrypted one,
 * whose payload the server cannot vouch for). On presence channels the
 * sender's `user_id` is attached. Refusals answer `pusher:error` 4009 (4301
 * past the per-second limit) and keep the connection.
 */
export const clientEvent: Handler = ({ hub, connection }, incoming) => {
  const name = incoming.channel;
  const channel = name === undefined ? undefined : hub.channels.get(name);
  if (name === undefined || channel === undefined || !connection.channels.has(name)) {
    throw new PusherError(PusherErrorCode.unauthorized, 'Client event rejected: not subscribed to the channel');
  }
  if (!channel.rules.clientEvents) {
    const reason = channel.rules.kind === 'encrypted' ? 'not allowed on encrypted channels' : 'only private and presence channels accept them';
    throw new PusherError(PusherErrorCode.unauthorized, `Client event rejected: ${reason}`);
  }
  if (!hub.clientEventsPerConnection.allow(connection.id)) {
    throw new PusherError(PusherErrorCode.overLimit, `Client event rejected due to rate limit (${hub.config.limits.clientEventsPerSecond} per second)`);
  }
  const relayed = frame(incoming.event, incoming.data, name);
  const userId = channel.userIds.get(connection.id);
  if (userId !== undefined) relayed.user_id = userId;
  return hub.broadcast({ channel: name, frame: relayed, exceptSocketId: connection.id });
};
