import { channelRules, type ChannelRules } from './kinds.ts';
import { PresenceRoster, type PresenceMember } from './presence.ts';

/** One occupied channel on this node. */
export interface Channel {
  name: string;
  rules: ChannelRules;
  subscribers: Set<string>;
  roster: PresenceRoster | null;
}

/**
 * The channels this node's sockets are subscribed to. A channel exists while
 * it has a subscriber and is dropped with its last one.
 */
export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  get(name: string): Channel | undefined {
    return this.channels.get(name);
  }

  /** Subscribes a socket; `memberAdded` is true when a presence user appeared. */
  join(name: string, socketId: string, member?: PresenceMember): { channel: Channel; memberAdded: boolean } {
    const channel = this.channels.get(name) ?? this.create(name);
    channel.subscribers.add(socketId);
    const memberAdded = channel.roster !== null && member !== undefined && channel.roster.add(socketId, member);
    return { channel, memberAdded };
  }

  /** Unsubscribes a socket; `removedUserId` is set when a presence user left. */
  leave(name: string, socketId: string): { removedUserId: string | null } {
    const channel = this.channels.get(name);
    if (!channel || !channel.subscribers.delete(socketId)) return { removedUserId: null };
    const removedUserId = channel.roster ? channel.roster.remove(socketId) : null;
    if (channel.subscribers.size === 0) this.channels.delete(name);
    return { removedUserId };
  }

  /** Occupied channels whose name starts with `prefix`. */
  list(prefix = ''): Channel[] {
    return [...this.channels.values()].filter((channel) => channel.name.startsWith(prefix));
  }

  private create(name: string): Channel {
    const rules = channelRules(name);
    const channel: Channel = { name, rules, subscribers: new Set(), roster: rules.presence ? new PresenceRoster() : null };
    this.channels.set(name, channel);
    return channel;
  }
}
