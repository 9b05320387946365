import type { Redis } from 'ioredis';
import type { BroadcastMessage } from './adapter.ts';
import type { PresenceRoster } from './channels/presence.ts';
import { frame } from './codec.ts';
import { PRESENCE_JOIN, PRESENCE_LEAVE } from './redis-scripts.ts';

/** What {@link reconcile} needs of the Redis adapter. */
export interface ReconcileContext {
  redis: Redis;
  nodeId: string;
  ttlMs: number;
  keys: {
    subs: (id: string) => string;
    nodePresence: (id: string) => string;
    /** KEYS of the presence scripts: sockets, users, info. */
    presence: (name: string) => string[];
  };
  /** This node's subscriptions per channel: the truth while Redis was away. */
  subscriptions: ReadonlyMap<string, number>;
  /** This node's presence sockets per channel. */
  rosters: ReadonlyMap<string, PresenceRoster>;
  /** Per channel, users who arrived on or left this node while the other nodes could not be told; emptied here. */
  unannounced: Map<string, Unannounced>;
  /** Sends a broadcast to the other nodes only: this node's clients were told during the outage. */
  relay(message: BroadcastMessage): Promise<void>;
}

/** Users of one presence channel whose `member_added` / `member_removed` did not reach the other nodes. */
export interface Unannounced {
  added: Set<string>;
  removed: Set<string>;
}

/** No limit: members already admitted during an outage are written back even when that overshoots the channel's limit. */
const NO_LIMIT = String(Number.MAX_SAFE_INTEGER);

/**
 * Writes this node's own state back into Redis after it kept serving from
 * memory (Redis unreachable, or a write failed) while its heartbeat survived:
 * the node's subscription counts are replaced by its local ones, presence
 * sockets that joined meanwhile are added and those that left are removed.
 * The other nodes then hear (`member_added` / `member_removed`) of the users
 * that arrived or left meanwhile, as far as Redis now agrees: a user who left
 * this node but still has a socket on another one is not announced as gone.
 * A write that timed out may still have reached Redis, so what is announced
 * is decided by the outcome (users added or removed here, plus those noted in
 * `unannounced`) checked against the final state, not by the scripts' replies
 * alone; the price is a possible repeated `member_added`, which clients
 * take as an update of the member.
 */
export async function reconcile(ctx: ReconcileContext): Promise<void> {
  const { redis, nodeId, keys } = ctx;
  const subs = keys.subs(nodeId);
  const counts = redis.multi().del(subs);
  if (ctx.subscriptions.size > 0) counts.hset(subs, Object.fromEntries(ctx.subscriptions)).pexpire(subs, ctx.ttlMs);
  await counts.exec();

  const prefix = `${nodeId}:`;
  const channels = new Set([...(await redis.smembers(keys.nodePresence(nodeId))), ...ctx.rosters.keys(), ...ctx.unannounced.keys()]);
  for (const name of channels) {
    const presenceKeys = keys.presence(name);
    const [socketsKey, , infoKey] = presenceKeys as [string, string, string];
    const { added, removed } = ctx.unannounced.get(name) ?? { added: new Set<string>(), removed: new Set<string>() };
    const stored = await redis.hgetall(socketsKey);
    const local = new Map(ctx.rosters.get(name)?.sockets() ?? []);
    for (const field of Object.keys(stored)) {
      if (!field.startsWith(prefix) || local.has(field.slice(prefix.length))) continue;
      const gone = await redis.eval(PRESENCE_LEAVE, 3, ...presenceKeys, field);
      if (typeof gone === 'string') removed.add(gone);
    }
    for (const [socketId, member] of local) {
      if (stored[`${prefix}${socketId}`] !== undefined) continue;
      const info = JSON.stringify(member.user_info ?? null);
      const outcome = await redis.eval(PRESENCE_JOIN, 4, ...presenceKeys, keys.nodePresence(nodeId), `${prefix}${socketId}`, member.user_id, info, NO_LIMIT, name);
      if (outcome === 'added') added.add(member.user_id);
    }
    for (const userId of new Set([...added, ...removed])) {
      const json = await redis.hget(infoKey, userId);
      const present = json !== null;
      const announced = present
        ? frame('pusher_internal:member_added', { user_id: userId, user_info: JSON.parse(json) as unknown }, name)
        : frame('pusher_internal:member_removed', { user_id: userId }, name);
      // Only users this node changed, and only in the direction Redis now agrees with.
      if (present ? added.has(userId) : removed.has(userId)) await ctx.relay({ channel: name, frame: announced });
    }
    ctx.unannounced.delete(name);
  }
}
