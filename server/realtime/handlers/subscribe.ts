import { channelRules, isValidChannelName } from '../channels/kinds.ts';
import { dataObject, frame } from '../codec.ts';
import type { Connection } from '../connection.ts';
import { PusherError, PusherErrorCode } from '../errors.ts';
import type { Handler } from './context.ts';
import { checkSubscription } from './subscription-auth.ts';

/**
 * `pusher:subscribe {channel, auth?, channel_data?}`. Success answers
 * `pusher_internal:subscription_succeeded` (with the member list on presence
 * channels, whose other subscribers get `member_added` when a new user joins).
 * Refusal answers `pusher:subscription_error` on the channel (status 401, what
 * pusher-js and laravel-echo's `.error()` report) and `pusher:error` 4009.
 */
export const subscribe: Handler = async ({ hub, connection }, incoming) => {
  const data = dataObject(incoming.data);
  const name = data.channel;
  if (typeof name !== 'string') throw new PusherError(PusherErrorCode.unauthorized, 'pusher:subscribe needs a channel');
  if (!isValidChannelName(name)) return refuse(connection, name, 'Invalid channel name');
  const rules = channelRules(name);
  if (connection.channels.has(name)) return confirm(connection, name, hub.channels.get(name)?.roster?.snapshot());

  const check = checkSubscription(rules.kind, {
    connection,
    channel: name,
    auth: data.auth,
    channelData: data.channel_data,
    app: hub.config,
  });
  if (!check.ok) return refuse(connection, name, check.reason);

  const { channel, memberAdded } = hub.channels.join(name, connection.id, check.member);
  connection.channels.add(name);
  confirm(connection, name, channel.roster?.snapshot());
  if (memberAdded && check.member) {
    await hub.broadcast({
      channel: name,
      frame: frame('pusher_internal:member_added', check.member, name),
      exceptSocketId: connection.id,
    });
  }
};

function confirm(connection: Connection, channel: string, presence: object | undefined): void {
  connection.send(frame('pusher_internal:subscription_succeeded', presence === undefined ? {} : { presence }, channel));
}

function refuse(connection: Connection, channel: string, reason: string): void {
  connection.send(frame('pusher:subscription_error', { type: 'AuthError', error: reason, status: 401 }, channel));
  connection.send(new PusherError(PusherErrorCode.unauthorized, `Subscription to ${channel} refused: ${reason}`).toFrame());
}
