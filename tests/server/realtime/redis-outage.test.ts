import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter, type RealtimeServerOptions } from '../../../server/realtime/index.ts';
import { PrivateRedis, redisServerInstalled } from './fixtures/private-redis.ts';
import { closeAll, connectPusher, dataOf, onCleanup, RawClient, sdk, startRealtime, subscribed, type Frame } from './helpers.ts';

afterEach(closeAll);

const CHANNEL = 'universal-public.7';
const ROOM = 'presence-universal-public.7';

/** Two nodes on a private redis-server (stopped and started by the test); commands give up after 200 ms. */
async function cluster(nodeTtlMs: number, overrides: Partial<RealtimeServerOptions> = {}) {
  const redis = await PrivateRedis.start();
  onCleanup(() => redis.stop());
  const node = (more: Partial<RealtimeServerOptions> = {}) =>
    startRealtime({ adapter: createRedisAdapter({ url: redis.url, prefix: 'outage-test', nodeTtlMs, commandTimeoutMs: 200, logger: () => {} }), ...overrides, ...more });
  return { redis, a: await node(), b: await node() };
}

const ticks = (client: RawClient): number[] => client.frames.filter((f) => f.event === 'Tick').map((f) => dataOf(f).n as number);
const tick = (n: number) => (f: Frame) => f.event === 'Tick' && dataOf(f).n === n;
const memberIds = (frame: Frame): string[] => ((dataOf(frame).presence as { ids: string[] }).ids ?? []).slice().sort();
const isMember = (event: string, userId: string) => (f: Frame) => f.event === `pusher_internal:${event}` && dataOf(f).user_id === userId;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function subscribedRaw(port: number, channel: string): Promise<RawClient> {
  const client = await RawClient.connect(port);
  client.send({ event: 'pusher:subscribe', data: { channel } });
  // Bounded: a subscription that waits on an unreachable Redis fails here.
  await client.waitFor((f) => f.channel === channel && f.event === 'pusher_internal:subscription_succeeded', 3000);
  return client;
}

describe.skipIf(!redisServerInstalled())('Redis adapter: Redis stopped and started again', () => {
  it('keeps serving its own clients while Redis is down and relays across nodes again once it is back', async () => {
    const { redis, a, b } = await cluster(1000);
    const onA = await subscribedRaw(a.port, CHANNEL);
    const onB = await subscribedRaw(b.port, CHANNEL);
    const pusherOnA = await connectPusher(a.port);
    await subscribed(pusherOnA, CHANNEL);
    const heardOnA: number[] = [];
    pusherOnA.channel(CHANNEL).bind('Tick', (data: { n: number }) => heardOnA.push(data.n));

    // Normal operation: each event reaches each node's clients once (the own echo from Redis is ignored).
    await sdk(a.port).trigger(CHANNEL, 'Tick', { n: 1 });
    await b.server.publish([CHANNEL], 'Tick', { n: 2 });
    await onA.waitFor(tick(2));
    await onB.waitFor(tick(1));
    await settle();
    expect(ticks(onA).sort()).toEqual([1, 2]);
    expect(ticks(onB).sort()).toEqual([1, 2]);

    await redis.kill();
    // HTTP API and platform publishes still reach this node's clients.
    await sdk(a.port).trigger(CHANNEL, 'Tick', { n: 3 });
    await onA.waitFor(tick(3), 2000);
    await b.server.publish([CHANNEL], 'Tick', { n: 4 });
    await onB.waitFor(tick(4), 2000);
    // New subscriptions complete (public, private, presence), and client events are relayed on the node.
    const newcomer = await subscribedRaw(a.port, CHANNEL);
    const alice = await RawClient.connect(a.port);
    const bob = await RawClient.connect(a.port);
    expect((await alice.subscribeSigned('private-chat')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await bob.subscribeSigned('private-chat')).event).toBe('pusher_internal:subscription_succeeded');
    alice.send({ event: 'client-typing', channel: 'private-chat', data: { text: 'olá' } });
    expect(dataOf(await bob.waitFor((f) => f.event === 'client-typing', 2000))).toEqual({ text: 'olá' });
    expect(memberIds(await newcomer.subscribeSigned(ROOM, 'carol'))).toEqual(['carol']);
    await sdk(a.port).trigger(CHANNEL, 'Tick', { n: 5 });
    await newcomer.waitFor(tick(5), 2000);

    await redis.start();
    // Redis came back empty: the nodes' heartbeats are gone, so they have their clients reconnect and rebuild the shared state.
    expect(await onA.waitForClose(5000)).toBe(4200);
    // pusher-js reconnects and subscribes again by itself; events published on B reach it again.
    let n = 100;
    const deadline = Date.now() + 10_000;
    while (!heardOnA.some((heard) => heard >= 100)) {
      if (Date.now() > deadline) throw new Error(`nothing from node B reached node A after Redis came back; heard ${JSON.stringify(heardOnA)}`);
      await b.server.publish([CHANNEL], 'Tick', { n: n++ });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // And once only.
    const pusherOnB = await connectPusher(b.port);
    await subscribed(pusherOnB, CHANNEL);
    const heardOnB: number[] = [];
    pusherOnB.channel(CHANNEL).bind('Tick', (data: { n: number }) => heardOnB.push(data.n));
    await a.server.publish([CHANNEL], 'Tick', { n: 1000 });
    await b.server.publish([CHANNEL], 'Tick', { n: 1001 });
    await expect.poll(() => heardOnB.filter((heard) => heard >= 1000).length).toBe(2);
    await expect.poll(() => heardOnA.filter((heard) => heard >= 1000).length).toBe(2);
    await settle();
    // Each node delivers its own event before the other's, which comes through Redis: order across nodes is not kept.
    expect(heardOnA.filter((heard) => heard >= 1000).sort()).toEqual([1000, 1001]);
    expect(heardOnB.filter((heard) => heard >= 1000).sort()).toEqual([1000, 1001]);
  });

  it('admits presence members from memory while Redis hangs, and shows them to the other node once it answers', async () => {
    // TTL long enough for the heartbeats to survive the freeze: the nodes reconcile instead of reconnecting their clients.
    const { redis, a, b } = await cluster(4000, { limits: { presenceMembers: 2 } });
    const alice = await RawClient.connect(a.port);
    await alice.subscribeSigned(ROOM, 'alice');
    const bob = await RawClient.connect(b.port);
    expect(memberIds(await bob.subscribeSigned(ROOM, 'bob'))).toEqual(['alice', 'bob']);
    await alice.waitFor(isMember('member_added', 'bob'));

    redis.freeze();
    // The channel is full (2 of 2) but node A only knows of Alice: Carol, signed by the platform, is let in (fail open).
    const carol = await RawClient.connect(a.port);
    const joined = await carol.subscribeSigned(ROOM, 'carol', { name: 'Carol' });
    expect(joined.event).toBe('pusher_internal:subscription_succeeded');
    expect(memberIds(joined)).toEqual(['alice', 'carol']);
    await alice.waitFor(isMember('member_added', 'carol'), 2000);
    // Alice leaves while Redis hangs: her node's clients are told at once.
    alice.send({ event: 'pusher:unsubscribe', data: { channel: ROOM } });
    await carol.waitFor(isMember('member_removed', 'alice'), 2000);
    redis.thaw();

    // Node A writes back what changed, and node B's clients hear of it.
    const added = await bob.waitFor(isMember('member_added', 'carol'), 5000);
    expect(dataOf(added)).toEqual({ user_id: 'carol', user_info: { name: 'Carol' } });
    await bob.waitFor(isMember('member_removed', 'alice'), 5000);
    const api = sdk(b.port);
    const users = (await (await api.get({ path: `/channels/${ROOM}/users` })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((u) => u.id).sort()).toEqual(['bob', 'carol']);
    const info = await (await api.get({ path: `/channels/${ROOM}`, params: { info: 'user_count,subscription_count' } })).json();
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
    await settle();
    expect(bob.frames.filter(isMember('member_added', 'carol'))).toHaveLength(1);
    expect([alice.closeCode, bob.closeCode, carol.closeCode]).toEqual([null, null, null]);
  });
});
