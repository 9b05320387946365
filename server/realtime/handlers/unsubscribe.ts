import { dataObject } from '../codec.ts';
import type { Handler } from './context.ts';

/** `pusher:unsubscribe {channel}`: leaves the channel; unknown channels are ignored. */
export const unsubscribe: Handler = async ({ hub, connection }, incoming) => {
  const channel = dataObject(incoming.data).channel;
  if (typeof channel === 'string' && connection.channels.has(channel)) await hub.leave(connection, channel);
};
