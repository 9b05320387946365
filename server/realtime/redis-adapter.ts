import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AdapterNode, BroadcastMessage, PresenceJoin, RealtimeAdapter } from './adapter.ts';
import { PresenceRoster, type PresenceSnapshot } from './channels/presence.ts';
import { reconcile, type Unannounced } from './redis-reconcile.ts';
import { PRESENCE_JOIN, PRESENCE_LEAVE, PRESENCE_REAP, SUBSCRIPTION_COUNT } from './redis-scripts.ts';

const newNodeId = (): string => randomUUID().slice(0, 12);

/** What travels on the pub/sub channel: a broadcast and the adapter that sent it (which delivered it itself). */
interface Relayed {
  from: string;
  message: BroadcastMessage;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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
  /**
   * How long (ms) a Redis command may take before the node gives up on it and
   * serves from its own memory (see "Redis outage" in docs/realtime.md). Default 1000.
   */
  commandTimeoutMs?: number;
  logger?: (msg: string) => void;
}

/**
 * Several nodes share one app through Redis: a node delivers a broadcast to
 * its own subscribers itself and relays it over pub/sub to the others (which
 * ignore their own echo); presence members and subscription counts live in
 * keys every node reads, so rosters and the HTTP API's channel info cover all
 * nodes.
 *
 * While Redis is unreachable a node keeps serving its own clients: commands
 * fail fast (no offline queue, a command timeout) and the node answers from
 * what it holds in memory — its own subscriptions and presence sockets — so
 * counts and member lists are this node's only, and the presence member limit
 * is applied to this node's members only (fail open). Once Redis answers
 * again the node writes its state back (redis-reconcile.ts), or, when its
 * heartbeat lapsed meanwhile, has its clients reconnect. Keys (P = prefix):
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
  /** Tells this adapter's own messages from the others' on pub/sub; unlike the node id it never changes. */
  const instanceId = randomUUID();
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
  /** This node's own presence sockets and subscriptions: what it serves from while Redis is away, and writes back after. */
  const rosters = new Map<string, PresenceRoster>();
  const subscriptions = new Map<string, number>();
  const unannounced = new Map<string, Unannounced>();
  /**
   * Whether broadcasts, presence and counts go to Redis; false from a failed
   * command until a beat succeeds (and reconciled). Nothing is sent meanwhile,
   * so a hung Redis does not apply stale writes or relay stale events later.
   */
  let online = false;
  /** Whether Redis lacks changes this node made (or may have made) while it was offline. */
  let dirty = false;
  let ticking = false;

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
    if (replies?.[0]?.[1] === 'OK') {
      if (dirty || !online) {
        // What changed while Redis was away goes back in before Redis is trusted again.
        dirty = false;
        await reconcile({ redis: redis(), nodeId, ttlMs, keys, subscriptions, rosters, unannounced, relay });
      }
      return;
    }
    const lapsed = nodeId;
    nodeId = newNodeId();
    log(`realtime redis: heartbeat of node ${lapsed} lapsed; rejoining as ${nodeId}, clients reconnect`);
    await register();
    // The reconnecting clients rebuild the shared state; nothing to write back.
    dirty = false;
    unannounced.clear();
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

  /** One heartbeat at a time: a slow one (Redis coming back) must not overlap the next. */
  function tick(): void {
    if (ticking || !publisher) return;
    ticking = true;
    beat()
      .then(() => {
        if (!online) log(`realtime redis: reachable again; node ${nodeId} shares its state again`);
        online = true;
      })
      .then(reapDeadNodes)
      .catch((error: unknown) => {
        dirty = true;
        offline(`heartbeat failed: ${errorText(error)}`);
      })
      .finally(() => (ticking = false));
  }

  function offline(reason: string): void {
    if (online) log(`realtime redis: ${reason}; serving this node's clients from memory until Redis answers`);
    online = false;
  }

  /**
   * Runs a Redis step of the shared bookkeeping, or `local` instead when Redis
   * is (or just turned out to be) unreachable. A write (`writes`) left out
   * marks the state for reconciliation at the next successful beat.
   */
  async function shared<T>(writes: boolean, step: () => Promise<T>, local: () => T): Promise<T> {
    if (online) {
      try {
        return await step();
      } catch (error) {
        offline(errorText(error));
      }
    }
    if (writes) dirty = true;
    return local();
  }

  /** Sends a broadcast to the other nodes (this one ignores its own echo). */
  async function relay(message: BroadcastMessage): Promise<void> {
    const relayed: Relayed = { from: instanceId, message };
    await redis().publish(channel, JSON.stringify(relayed));
  }

  /** Notes a user's arrival (or departure) the other nodes could not hear of; one cancels the other. */
  function unheard(name: string, userId: string, change: keyof Unannounced): void {
    let entry = unannounced.get(name);
    if (!entry) unannounced.set(name, (entry = { added: new Set(), removed: new Set() }));
    const opposite = entry[change === 'added' ? 'removed' : 'added'];
    if (!opposite.delete(userId)) entry[change].add(userId);
  }

  function rosterOf(name: string): PresenceRoster {
    let roster = rosters.get(name);
    if (!roster) rosters.set(name, (roster = new PresenceRoster()));
    return roster;
  }

  return {
    async start(handlers) {
      node = handlers;
      // Commands fail at once while disconnected, and within commandTimeoutMs when Redis hangs: the caller then serves from memory.
      const commandTimeout = options.commandTimeoutMs ?? 1000;
      publisher = new Redis(options.url, { lazyConnect: true, enableOfflineQueue: false, commandTimeout, maxRetriesPerRequest: 0 });
      // The subscriber keeps ioredis' defaults: autoResubscribe subscribes again after every reconnection.
      subscriber = new Redis(options.url, { lazyConnect: true });
      for (const client of [publisher, subscriber]) client.on('error', (error: Error) => log(`realtime redis: ${error.message}`));
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        try {
          const relayed = JSON.parse(text) as Relayed;
          if (relayed.from !== instanceId) handlers.deliver(relayed.message);
        } catch (error) {
          log(`realtime redis: undeliverable message: ${errorText(error)}`);
        }
      });
      await subscriber.subscribe(channel);
      await register();
      online = true;
      publisher.on('close', () => offline('connection lost'));
      // Back sooner than the next beat: reconcile (or rejoin) right away.
      publisher.on('ready', tick);
      timer = setInterval(tick, Math.max(50, Math.floor(ttlMs / 3)));
      timer.unref();
    },
    async publish(message) {
      if (!node) throw new Error('Redis realtime adapter used before start()');
      // This node's subscribers never wait for (nor lose their events to) Redis.
      node.deliver(message);
      if (!online) return;
      try {
        await relay(message);
      } catch (error) {
        // The other nodes miss it: nothing to retry, a broadcast is not kept.
        offline(errorText(error));
      }
    },
    async joinPresence(name, socketId, member, maxMembers) {
      const roster = rosterOf(name);
      let fromMemory = false;
      const outcome = await shared<PresenceJoin>(
        true,
        async () =>
          (await redis().eval(
            PRESENCE_JOIN,
            4,
            ...keys.presence(name),
            keys.nodePresence(nodeId),
            `${nodeId}:${socketId}`,
            member.user_id,
            JSON.stringify(member.user_info ?? null),
            String(maxMembers),
            name,
          )) as PresenceJoin,
        // Fail open: an authorised user is only refused when this node alone already holds the limit.
        () => {
          fromMemory = true;
          return roster.hasUser(member.user_id) ? 'present' : roster.count >= maxMembers ? 'full' : 'added';
        },
      );
      if (fromMemory && outcome === 'added') unheard(name, member.user_id, 'added');
      if (outcome !== 'full') roster.add(socketId, member);
      else if (roster.count === 0) rosters.delete(name);
      return outcome;
    },
    async leavePresence(name, socketId) {
      const roster = rosters.get(name);
      const lastHere = roster?.remove(socketId) ?? null;
      if (roster?.count === 0) rosters.delete(name);
      return shared(
        true,
        async () => {
          const removed = await redis().eval(PRESENCE_LEAVE, 3, ...keys.presence(name), `${nodeId}:${socketId}`);
          return typeof removed === 'string' ? removed : null;
        },
        // Offline, the user's last socket on this node counts as leaving; other nodes hear of it after the outage.
        () => {
          if (lastHere !== null) unheard(name, lastHere, 'removed');
          return lastHere;
        },
      );
    },
    async presence(name): Promise<PresenceSnapshot> {
      return shared(
        false,
        async () => {
          const info = await redis().hgetall(keys.presenceInfo(name));
          const hash: Record<string, unknown> = {};
          for (const [id, json] of Object.entries(info)) hash[id] = JSON.parse(json) as unknown;
          const ids = Object.keys(hash);
          return { ids, hash, count: ids.length };
        },
        () => rosters.get(name)?.snapshot() ?? { ids: [], hash: {}, count: 0 },
      );
    },
    async countSubscription(name, delta) {
      const count = (subscriptions.get(name) ?? 0) + delta;
      if (count > 0) subscriptions.set(name, count);
      else subscriptions.delete(name);
      await shared(
        true,
        async () => void (await redis().eval(SUBSCRIPTION_COUNT, 1, keys.subs(nodeId), name, String(delta), String(ttlMs))),
        () => undefined,
      );
    },
    async subscriptionCounts() {
      return shared(false, sharedCounts, () => new Map(subscriptions));
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      if (publisher?.status === 'ready') {
        try {
          // Still online: the members removed here are announced to the other nodes.
          await reap(nodeId);
          await publisher.del(keys.alive(nodeId));
        } catch (error) {
          log(`realtime redis: leaving cleanly failed: ${errorText(error)}`);
        }
      }
      online = false;
      // quit() waits for Redis; when it is away there is nothing to say goodbye to.
      await Promise.all([subscriber, publisher].map((client) => (client?.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client?.disconnect())));
      publisher = null;
      subscriber = null;
      node = null;
      rosters.clear();
      subscriptions.clear();
      unannounced.clear();
    },
  };

  /** Subscriptions per channel summed over the live nodes' hashes. */
  async function sharedCounts(): Promise<Map<string, number>> {
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
  }
}
