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
 * pusher-js and laravel-echo's `.error()` report) and `pusher:error` 4009;
 * a limit (channels per connection, members per presence channel) answers
 * type `LimitReached` with status and code 4100, as soketi does.
 */
export const subscribe: Handler = async ({ hub, connection }, incoming) => {
  const data = dataObject(incoming.data);
  const name = data.channel;
  if (typeof name !== 'string') throw new PusherError(PusherErrorCode.unauthorized, 'pusher:subscribe needs a channel');
  if (!isValidChannelName(name)) return refuse(connection, name, 'Invalid channel name');
  const rules = channelRules(name);
  if (connection.channels.has(name)) return confirm(connection, name, rules.presence ? await hub.adapter.presence(name) : undefined);
  if (connection.channels.size >= hub.config.limits.channelsPerConnection) {
    return refuse(connection, name, `A connection may subscribe to at most ${hub.config.limits.channelsPerConnection} channels`, 'limit');
  }

  const check = checkSubscription(rules.kind, {
    connection,
    channel: name,
    auth: data.auth,
    channelData: data.channel_data,
    app: hub.config,
  });
  if (!check.ok) return refuse(connection, name, check.reason);

  const joined = await hub.join(connection, name, check.member);
  if (joined.joined) return confirm(connection, name, joined.presence);
  if (!connection.closed) {
    refuse(connection, name, `The maximum of ${hub.config.limits.presenceMembers} members per presence channel was reached`, 'limit');
  }
};

function confirm(connection: Connection, channel: string, presence: object | undefined): void {
  connection.send(frame('pusher_internal:subscription_succeeded', presence === undefined ? {} : { presence }, channel));
}

/** How each kind of refusal is reported: the subscription_error's type and status, and the pusher:error code. */
const REFUSALS = {
  auth: { type: 'AuthError', status: 401, code: PusherErrorCode.unauthorized },
  limit: { type: 'LimitReached', status: PusherErrorCode.overCapacity, code: PusherErrorCode.overCapacity },
} as const;

function refuse(connection: Connection, channel: string, reason: string, kind: keyof typeof REFUSALS = 'auth'): void {
  const { type, status, code } = REFUSALS[kind];
  connection.send(frame('pusher:subscription_error', { type, error: reason, status }, channel));
  connection.send(new PusherError(code, `Subscription to ${channel} refused: ${reason}`).toFrame());
}
