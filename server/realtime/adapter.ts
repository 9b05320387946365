import type { ServerFrame } from './codec.ts';
import type { PresenceMember, PresenceSnapshot } from './channels/presence.ts';

/** A frame for every subscriber of `channel` on every node, except one socket. */
export interface BroadcastMessage {
  channel: string;
  frame: ServerFrame;
  exceptSocketId?: string;
}

/** What a node hands its adapter at start. */
export interface AdapterNode {
  /** Writes a broadcast to this node's subscribers; called once per message on every node. */
  deliver(message: BroadcastMessage): void;
  /**
   * Users who left a presence channel because the node holding their last
   * socket died; the hub announces them with `member_removed`. Called on one
   * surviving node only.
   */
  membersGone(channel: string, userIds: string[]): Promise<void>;
  /**
   * The other nodes took this node for dead (its heartbeat lapsed, e.g. Redis
   * was unreachable) and removed its presence members: every connection must
   * reconnect (4200) and subscribe again so the shared state is rebuilt.
   */
  reconnectAll(): void;
}

/** The outcome of adding a socket to a presence channel. */
export type PresenceJoin = 'added' | 'present' | 'full';

/**
 * How nodes share channel traffic and state (soketi's adapter idea). The
 * server hands every channel broadcast — HTTP API events, client events,
 * presence member events — to `publish`; the adapter must call
 * `node.deliver` exactly once per message on every node, this one included.
 *
 * Presence members and subscription counts live in the adapter too, so they
 * cover every node: in-process for a single node, in Redis for several.
 */
export interface RealtimeAdapter {
  start(node: AdapterNode): Promise<void>;
  publish(message: BroadcastMessage): Promise<void>;
  /**
   * Adds one socket of this node to a presence channel. 'added' when the user
   * had no socket in the channel on any node (member_added is due), 'present'
   * when it had, 'full' (nothing written) when the channel already holds
   * `maxMembers` other users.
   */
  joinPresence(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin>;
  /** Removes one socket of this node; returns the user id when it was that user's last socket anywhere. */
  leavePresence(channel: string, socketId: string): Promise<string | null>;
  /** The members of a presence channel on all nodes. */
  presence(channel: string): Promise<PresenceSnapshot>;
  /** Records that a socket of this node subscribed to (+1) or left (-1) a channel. */
  countSubscription(channel: string, delta: 1 | -1): Promise<void>;
  /** Subscriptions per occupied channel, summed over all live nodes. */
  subscriptionCounts(): Promise<Map<string, number>>;
  /** Stops sharing; a clean stop removes this node's presence members (announced as removed) first. */
  close(): Promise<void>;
}
