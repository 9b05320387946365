import { channelRules, type ChannelRules } from './kinds.ts';

/** One channel with subscribers on this node. */
export interface Channel {
  name: string;
  rules: ChannelRules;
  subscribers: Set<string>;
  /** On presence channels: the user id each local socket joined as (for `user_id` on client events). */
  userIds: Map<string, string>;
}

/**
 * The channels this node's sockets are subscribed to (who to deliver to). A
 * channel exists while it has a local subscriber and is dropped with its
 * last one. Presence members of all nodes live in the adapter.
 */
export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  get(name: string): Channel | undefined {
    return this.channels.get(name);
  }

  /** Subscribes a socket, joined as `userId` on a presence channel. */
  join(name: string, socketId: string, userId?: string): Channel {
    const channel = this.channels.get(name) ?? this.create(name);
    channel.subscribers.add(socketId);
    if (userId !== undefined) channel.userIds.set(socketId, userId);
    return channel;
  }

  /** Unsubscribes a socket; false when it was not subscribed. */
  leave(name: string, socketId: string): boolean {
    const channel = this.channels.get(name);
    if (!channel || !channel.subscribers.delete(socketId)) return false;
    channel.userIds.delete(socketId);
    if (channel.subscribers.size === 0) this.channels.delete(name);
    return true;
  }

  private create(name: string): Channel {
    const channel: Channel = { name, rules: channelRules(name), subscribers: new Set(), userIds: new Map() };
    this.channels.set(name, channel);
    return channel;
  }
}
