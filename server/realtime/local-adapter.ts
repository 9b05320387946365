import type { AdapterNode, RealtimeAdapter } from './adapter.ts';
import { PresenceRoster } from './channels/presence.ts';

/** The single-node adapter: messages are delivered in-process, synchronously; presence lives in memory. */
export function createLocalAdapter(): RealtimeAdapter {
  let node: AdapterNode | null = null;
  const rosters = new Map<string, PresenceRoster>();
  const subscriptions = new Map<string, number>();

  return {
    async start(handlers) {
      node = handlers;
    },
    async publish(message) {
      if (!node) throw new Error('Local realtime adapter used before start()');
      node.deliver(message);
    },
    async joinPresence(channel, socketId, member, maxMembers) {
      const roster = rosters.get(channel) ?? new PresenceRoster();
      if (!roster.hasUser(member.user_id) && roster.count >= maxMembers) return 'full';
      rosters.set(channel, roster);
      return roster.add(socketId, member) ? 'added' : 'present';
    },
    async leavePresence(channel, socketId) {
      const roster = rosters.get(channel);
      if (!roster) return null;
      const removed = roster.remove(socketId);
      if (roster.count === 0) rosters.delete(channel);
      return removed;
    },
    async presence(channel) {
      return rosters.get(channel)?.snapshot() ?? { ids: [], hash: {}, count: 0 };
    },
    async countSubscription(channel, delta) {
      const count = (subscriptions.get(channel) ?? 0) + delta;
      if (count > 0) subscriptions.set(channel, count);
      else subscriptions.delete(channel);
    },
    async subscriptionCounts() {
      return new Map(subscriptions);
    },
    async close() {
      node = null;
      rosters.clear();
      subscriptions.clear();
    },
  };
}
