import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter } from '../../../server/realtime/index.ts';
import { closeAll, connectPusher, nextValue, redisReachable, redisUrl, sdk, startAuthServer, startRealtime, subscribed, userActor } from './helpers.ts';

afterEach(closeAll);

describe.skipIf(!(await redisReachable()))('Redis adapter: two nodes share channels', () => {
  it('delivers an event published on node B to a pusher-js client of node A, once', async () => {
    const prefix = `realtime-test:${randomUUID()}`;
    const nodeA = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, prefix }) });
    const nodeB = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, prefix }) });
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
    const prefix = `realtime-test:${randomUUID()}`;
    const nodeA = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, prefix }) });
    const nodeB = await startRealtime({ adapter: createRedisAdapter({ url: redisUrl, prefix }) });
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
