import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter } from '../../../server/realtime/index.ts';
import { closeAll, connectPusher, nextValue, sdk, startAuthServer, startRealtime, subscribed, userActor } from './helpers.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; without it these tests are skipped (single-node mode needs none). */
async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

afterEach(closeAll);

describe.skipIf(!(await redisReachable()))('Redis adapter: two nodes share channels', () => {
  it('delivers an event published on node B to a pusher-js client of node A, once', async () => {
    const channel = `realtime-test:${randomUUID()}`;
    const nodeA = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, channel }) });
    const nodeB = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, channel }) });
    const client = await connectPusher(nodeA.port);
    await subscribed(client, 'universal-public.7');
    const received: unknown[] = [];
    const first = nextValue<unknown>((done) =>
      client.channel('universal-public.7').bind('BetPlaced', (data: unknown) => {
        received.push(data);
        done(data);
      }),
    );
    await sdk(nodeB.port).trigger('universal-public.7', 'BetPlaced', { amount: 3 });
    expect(await first).toEqual({ amount: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
  });

  it('relays client events between sockets on different nodes', async () => {
    const channel = `realtime-test:${randomUUID()}`;
    const nodeA = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, channel }) });
    const nodeB = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, channel }) });
    const auth = await startAuthServer();
    const alice = userActor(42, 'Alice');
    const a = await connectPusher(nodeA.port, auth, alice);
    const b = await connectPusher(nodeB.port, auth, alice);
    await subscribed(a, 'private-universal.42');
    await subscribed(b, 'private-universal.42');
    const heard = nextValue<unknown>((done) => b.channel('private-universal.42').bind('client-typing', done));
    a.channel('private-universal.42').trigger('client-typing', { text: 'olá' });
    expect(await heard).toEqual({ text: 'olá' });
  });
});
