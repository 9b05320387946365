import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter, type RealtimeServerOptions } from '../../../server/realtime/index.ts';
import { closeAll, dataOf, onCleanup, RawClient, redisReachable, redisUrl, sdk, startRealtime, type Frame } from './helpers.ts';

afterEach(closeAll);

/** Heartbeat TTL of the test nodes: short, so a dead node is noticed within a second or two. */
const TTL_MS = 1000;
const ROOM = 'presence-universal-public.7';

/** Two (or more) nodes sharing one Redis under a key prefix of their own. */
function cluster() {
  const prefix = `realtime-test:${randomUUID()}`;
  return {
    prefix,
    node: (overrides: Partial<RealtimeServerOptions> = {}) =>
      startRealtime({ adapter: createRedisAdapter({ url: redisUrl, prefix, nodeTtlMs: TTL_MS, logger: () => {} }), ...overrides }),
    /** A node in a child process, to be killed like a crash. */
    async processNode(): Promise<{ port: number; kill: () => void }> {
      const script = fileURLToPath(new URL('./fixtures/redis-node.ts', import.meta.url));
      const child = spawn(process.execPath, [script], {
        env: { ...process.env, REDIS_URL: redisUrl, REALTIME_TEST_PREFIX: prefix, REALTIME_TEST_TTL_MS: String(TTL_MS) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      onCleanup(() => void child.kill('SIGKILL'));
      const firstLine = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`node process exited with ${code}`)));
      });
      return { port: (JSON.parse(firstLine) as { port: number }).port, kill: () => child.kill('SIGKILL') };
    },
  };
}

const memberIds = (frame: Frame): string[] => ((dataOf(frame).presence as { ids: string[] }).ids ?? []).slice().sort();
const isMember = (event: string, userId: string) => (f: Frame) => f.event === `pusher_internal:${event}` && dataOf(f).user_id === userId;

/** Lets in-flight frames arrive before asserting that something did NOT happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.skipIf(!(await redisReachable()))('Redis adapter: presence and channel info across nodes', () => {
  it('delivers what is published on node B to a raw client of node A', async () => {
    const nodes = cluster();
    const a = await nodes.node();
    const b = await nodes.node();
    const client = await RawClient.connect(a.port);
    client.send({ event: 'pusher:subscribe', data: { channel: 'universal-public.7' } });
    await client.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    await b.server.publish(['universal-public.7'], 'BetPlaced', { amount: 5 });
    expect(dataOf(await client.waitFor((f) => f.event === 'BetPlaced'))).toEqual({ amount: 5 });
  });

  it('lists members of every node and announces a user once, however many sockets it has', async () => {
    const nodes = cluster();
    const a = await nodes.node();
    const b = await nodes.node();
    const aliceOnA = await RawClient.connect(a.port);
    expect(memberIds(await aliceOnA.subscribeSigned(ROOM, 'alice', { name: 'Alice' }))).toEqual(['alice']);

    const bob = await RawClient.connect(b.port);
    const bobJoined = await bob.subscribeSigned(ROOM, 'bob');
    expect(memberIds(bobJoined)).toEqual(['alice', 'bob']);
    expect((dataOf(bobJoined).presence as { hash: Record<string, unknown> }).hash.alice).toEqual({ name: 'Alice' });
    await aliceOnA.waitFor(isMember('member_added', 'bob'));

    // Alice's second tab, on the other node: she is already a member, nobody is told again.
    const aliceOnB = await RawClient.connect(b.port);
    expect(memberIds(await aliceOnB.subscribeSigned(ROOM, 'alice', { name: 'Alice' }))).toEqual(['alice', 'bob']);
    await settle();
    expect(bob.frames.filter(isMember('member_added', 'alice'))).toHaveLength(0);

    // Channel info from node A counts node B's sockets and users.
    const api = sdk(a.port);
    const info = await (await api.get({ path: `/channels/${ROOM}`, params: { info: 'user_count,subscription_count' } })).json();
    expect(info).toEqual({ occupied: true, user_count: 2, subscription_count: 3 });
    const users = (await (await api.get({ path: `/channels/${ROOM}/users` })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((u) => u.id).sort()).toEqual(['alice', 'bob']);
    const list = await (await api.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
    expect(list).toEqual({ channels: { [ROOM]: { user_count: 2 } } });

    // Closing one of Alice's sockets is not her leaving; closing the last one is.
    aliceOnA.send({ event: 'pusher:unsubscribe', data: { channel: ROOM } });
    await settle();
    expect(bob.frames.some(isMember('member_removed', 'alice'))).toBe(false);
    aliceOnB.send({ event: 'pusher:unsubscribe', data: { channel: ROOM } });
    await bob.waitFor(isMember('member_removed', 'alice'));
    expect(bob.frames.filter(isMember('member_removed', 'alice'))).toHaveLength(1);
  });

  it('removes the members of a node that dies, once its heartbeat expires', async () => {
    const nodes = cluster();
    const a = await nodes.node();
    const b = await nodes.processNode();
    const alice = await RawClient.connect(a.port);
    await alice.subscribeSigned(ROOM, 'alice');
    const bob = await RawClient.connect(b.port);
    expect(memberIds(await bob.subscribeSigned(ROOM, 'bob'))).toEqual(['alice', 'bob']);
    await alice.waitFor(isMember('member_added', 'bob'));

    const killedAt = Date.now();
    b.kill();
    await alice.waitFor(isMember('member_removed', 'bob'), 4 * TTL_MS);
    // Within the TTL plus one check period (a third of it), with slack for a busy machine.
    expect(Date.now() - killedAt).toBeLessThan(3 * TTL_MS);

    const api = sdk(a.port);
    const users = (await (await api.get({ path: `/channels/${ROOM}/users` })).json()) as { users: Array<{ id: string }> };
    expect(users.users).toEqual([{ id: 'alice' }]);
    const info = await (await api.get({ path: `/channels/${ROOM}`, params: { info: 'subscription_count' } })).json();
    expect(info).toEqual({ occupied: true, subscription_count: 1 });
  });

  it('removes the members of a node that stops cleanly at once', async () => {
    const nodes = cluster();
    const a = await nodes.node();
    const b = await nodes.node();
    const alice = await RawClient.connect(a.port);
    await alice.subscribeSigned(ROOM, 'alice');
    const bob = await RawClient.connect(b.port);
    await bob.subscribeSigned(ROOM, 'bob');
    await alice.waitFor(isMember('member_added', 'bob'));
    await b.server.close();
    await alice.waitFor(isMember('member_removed', 'bob'), TTL_MS / 2);
  });

  it('has the clients of a node taken for dead reconnect, and lists them again when they do', async () => {
    const nodes = cluster();
    const redis = new Redis(redisUrl);
    onCleanup(() => void redis.disconnect());
    const a = await nodes.node();
    const [idOfA] = await redis.smembers(`${nodes.prefix}:nodes`);
    const b = await nodes.node();
    const alice = await RawClient.connect(a.port);
    await alice.subscribeSigned(ROOM, 'alice');
    const bob = await RawClient.connect(b.port);
    await bob.subscribeSigned(ROOM, 'bob');

    // Node A's heartbeat lapses, as if Redis had been out of its reach for longer than the TTL.
    expect(await redis.del(`${nodes.prefix}:node:${idOfA}`)).toBe(1);
    expect(await alice.waitForClose(2 * TTL_MS)).toBe(4200);
    await bob.waitFor(isMember('member_removed', 'alice'), 4 * TTL_MS);
    expect(bob.closeCode).toBeNull();

    // Alice reconnects (pusher-js does so at once on 4200) and is a member again for everyone.
    const back = await RawClient.connect(a.port);
    expect(memberIds(await back.subscribeSigned(ROOM, 'alice'))).toEqual(['alice', 'bob']);
    await bob.waitFor(isMember('member_added', 'alice'));
    const users = (await (await sdk(b.port).get({ path: `/channels/${ROOM}/users` })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((u) => u.id).sort()).toEqual(['alice', 'bob']);
  });

  it('applies the presence member limit to the users of all nodes', async () => {
    const nodes = cluster();
    const a = await nodes.node({ limits: { presenceMembers: 2 } });
    const b = await nodes.node({ limits: { presenceMembers: 2 } });
    await (await RawClient.connect(a.port)).subscribeSigned(ROOM, 'u1');
    await (await RawClient.connect(b.port)).subscribeSigned(ROOM, 'u2');
    const third = await RawClient.connect(a.port);
    const refused = await third.subscribeSigned(ROOM, 'u3');
    expect(refused.event).toBe('pusher:subscription_error');
    expect(dataOf(refused)).toMatchObject({ type: 'LimitReached', status: 4100 });
    expect(await third.waitFor((f) => f.event === 'pusher:error')).toMatchObject({ data: { code: 4100 } });
    // A member's second socket is not a new member.
    const u1Again = await RawClient.connect(b.port);
    expect(memberIds(await u1Again.subscribeSigned(ROOM, 'u1'))).toEqual(['u1', 'u2']);
  });
});
