import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AdapterNode, BroadcastMessage, PresenceJoin, RealtimeAdapter } from './adapter.ts';
import type { PresenceSnapshot } from './channels/presence.ts';
import { PRESENCE_JOIN, PRESENCE_LEAVE, PRESENCE_REAP, SUBSCRIPTION_COUNT } from './redis-scripts.ts';

const newNodeId = (): string => randomUUID().slice(0, 12);

export interface RedisAdapterOptions {
  /** `redis://…` address (the platform's `REDIS_URL`). */
  url: string;
  /** Prefix of every key and of the pub/sub channel; nodes of one app share it. Default `realtime`. */
  prefix?: string;
  /** Pub/sub channel the nodes share. Default `{prefix}:broadcast`. */
  channel?: string;
  /**
   * How long (ms) a node counts as alive after its last heartbeat. A node
   * refreshes its key every third of it; when the key expires the other
   * nodes remove its presence members. Default 10000.
   */
  nodeTtlMs?: number;
  logger?: (msg: string) => void;
}

/**
 * Several nodes share one app through Redis: broadcasts go over pub/sub (each
 * node, this one included, delivers to its own subscribers); presence members
 * and subscription counts live in keys every node reads, so rosters and the
 * HTTP API's channel info cover all nodes. Keys (P = prefix):
 *
 * - `P:nodes` set of node ids; `P:node:{id}` the node's heartbeat, expiring after `nodeTtlMs`;
 * - `P:node:{id}:subs` hash channel → this node's subscriptions (expires with the node);
 * - `P:node:{id}:presence` set of presence channels the node has members in (what a reaper cleans);
 * - `P:presence:{channel}:sockets` hash `{node}:{socket}` → user id;
 * - `P:presence:{channel}:users` hash user id → sockets on all nodes;
 * - `P:presence:{channel}:info` hash user id → `user_info` JSON.
 */
export function createRedisAdapter(options: RedisAdapterOptions): RealtimeAdapter {
  const prefix = options.prefix ?? 'realtime';
  const channel = options.channel ?? `${prefix}:broadcast`;
  const ttlMs = options.nodeTtlMs ?? 10_000;
  const log = options.logger ?? ((msg: string) => console.error(msg));
  let nodeId = newNodeId();
  const keys = {
    nodes: `${prefix}:nodes`,
    alive: (id: string) => `${prefix}:node:${id}`,
    subs: (id: string) => `${prefix}:node:${id}:subs`,
    nodePresence: (id: string) => `${prefix}:node:${id}:presence`,
    reaping: (id: string) => `${prefix}:node:${id}:reaping`,
    presenceInfo: (name: string) => `${prefix}:presence:${name}:info`,
    /** KEYS of the presence scripts: sockets, users, info. */
    presence: (name: string) => [`${prefix}:presence:${name}:sockets`, `${prefix}:presence:${name}:users`, keys.presenceInfo(name)],
  };
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let node: AdapterNode | null = null;
  let timer: NodeJS.Timeout | null = null;

  const redis = (): Redis => {
    if (!publisher) throw new Error('Redis realtime adapter used before start()');
    return publisher;
  };

  /**
   * Refreshes this node's heartbeat. XX: only while the key still exists — a
   * lapsed key means the others may already be removing this node's members,
   * so the node comes back under a new id and has its clients reconnect
   * (its old id is then reaped like any dead node's, by whoever claims it).
   */
  async function beat(): Promise<void> {
    const replies = await redis().multi().set(keys.alive(nodeId), '1', 'PX', ttlMs, 'XX').pexpire(keys.subs(nodeId), ttlMs).exec();
    if (replies?.[0]?.[1] === 'OK') return;
    const lapsed = nodeId;
    nodeId = newNodeId();
    log(`realtime redis: heartbeat of node ${lapsed} lapsed; rejoining as ${nodeId}, clients reconnect`);
    await register();
    node?.reconnectAll();
  }

  async function register(): Promise<void> {
    await redis().multi().sadd(keys.nodes, nodeId).set(keys.alive(nodeId), '1', 'PX', ttlMs).exec();
  }

  /** Removes the presence members of a node (dead, or this one stopping) and has them announced. */
  async function reap(id: string): Promise<void> {
    const channels = await redis().smembers(keys.nodePresence(id));
    for (const name of channels) {
      const removed = (await redis().eval(PRESENCE_REAP, 3, ...keys.presence(name), `${id}:`)) as string[];
      if (removed.length > 0) await node?.membersGone(name, removed);
    }
    await redis().multi().del(keys.nodePresence(id), keys.subs(id)).srem(keys.nodes, id).exec();
  }

  /** Finds nodes whose heartbeat expired; one surviving node (the first to claim it) reaps each. */
  async function reapDeadNodes(): Promise<void> {
    const others = (await redis().smembers(keys.nodes)).filter((id) => id !== nodeId);
    for (const id of others) {
      if ((await redis().exists(keys.alive(id))) === 1) continue;
      const claimed = await redis().set(keys.reaping(id), nodeId, 'PX', ttlMs, 'NX');
      if (claimed === 'OK') await reap(id);
    }
  }

  function tick(): void {
    beat()
      .then(reapDeadNodes)
      .catch((error: unknown) => log(`realtime redis: heartbeat failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  return {
    async start(handlers) {
      node = handlers;
      publisher = new Redis(options.url, { lazyConnect: true });
      subscriber = new Redis(options.url, { lazyConnect: true });
      for (const client of [publisher, subscriber]) client.on('error', (error: Error) => log(`realtime redis: ${error.message}`));
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        try {
          handlers.deliver(JSON.parse(text) as BroadcastMessage);
        } catch (error) {
          log(`realtime redis: undeliverable message: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      await subscriber.subscribe(channel);
      await register();
      timer = setInterval(tick, Math.max(50, Math.floor(ttlMs / 3)));
      timer.unref();
    },
    async publish(message) {
      await redis().publish(channel, JSON.stringify(message));
    },
    async joinPresence(name, socketId, member, maxMembers) {
      const outcome = await redis().eval(
        PRESENCE_JOIN,
        4,
        ...keys.presence(name),
        keys.nodePresence(nodeId),
        `${nodeId}:${socketId}`,
        member.user_id,
        JSON.stringify(member.user_info ?? null),
        String(maxMembers),
        name,
      );
      return outcome as PresenceJoin;
    },
    async leavePresence(name, socketId) {
      const removed = await redis().eval(PRESENCE_LEAVE, 3, ...keys.presence(name), `${nodeId}:${socketId}`);
      return typeof removed === 'string' ? removed : null;
    },
    async presence(name): Promise<PresenceSnapshot> {
      const info = await redis().hgetall(keys.presenceInfo(name));
      const hash: Record<string, unknown> = {};
      for (const [id, json] of Object.entries(info)) hash[id] = JSON.parse(json) as unknown;
      const ids = Object.keys(hash);
      return { ids, hash, count: ids.length };
    },
    async countSubscription(name, delta) {
      await redis().eval(SUBSCRIPTION_COUNT, 1, keys.subs(nodeId), name, String(delta), String(ttlMs));
    },
    async subscriptionCounts() {
      const ids = await redis().smembers(keys.nodes);
      const pipeline = redis().pipeline();
      for (const id of ids) pipeline.exists(keys.alive(id)).hgetall(keys.subs(id));
      const replies = (await pipeline.exec()) ?? [];
      const totals = new Map<string, number>();
      for (let i = 0; i < ids.length; i++) {
        if (replies[2 * i]?.[1] !== 1) continue; // a dead node not reaped yet counts for nothing
        const counts = (replies[2 * i + 1]?.[1] ?? {}) as Record<string, string>;
        for (const [name, count] of Object.entries(counts)) totals.set(name, (totals.get(name) ?? 0) + Number(count));
      }
      return totals;
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      if (publisher) {
        try {
          await reap(nodeId);
          await publisher.del(keys.alive(nodeId));
        } catch (error) {
          log(`realtime redis: leaving cleanly failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await Promise.all([subscriber?.quit(), publisher?.quit()]);
      publisher = null;
      subscriber = null;
      node = null;
    },
  };
}
