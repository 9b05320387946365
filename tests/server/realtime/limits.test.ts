import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, dataOf, RawClient, startRealtime, type Frame } from './helpers.ts';

afterEach(closeAll);

const isError = (code: number) => (f: Frame) => f.event === 'pusher:error' && (f.data as { code?: number }).code === code;

/** Proves a connection still works: a ping is answered. */
async function stillServed(client: RawClient): Promise<void> {
  const pongs = client.frames.filter((f) => f.event === 'pusher:pong').length;
  client.send({ event: 'pusher:ping', data: {} });
  await client.waitFor(() => client.frames.filter((f) => f.event === 'pusher:pong').length > pongs);
  expect(client.closeCode).toBeNull();
}

/** Waits for the start of a wall-clock second, so a burst falls in one per-second window. */
async function startOfSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}

describe('realtime limits', () => {
  it('answers a frame over 10 KB with 4301 and keeps serving the connection', async () => {
    const { port } = await startRealtime();
    const sender = await RawClient.connect(port);
    const other = await RawClient.connect(port);
    sender.send({ event: 'pusher:ping', data: { pad: 'x'.repeat(10_240) } });
    const refused = await sender.waitFor(isError(4301));
    expect(String((refused.data as { message: string }).message)).toContain('10 KB');
    expect(sender.frames.some((f) => f.event === 'pusher:pong')).toBe(false);
    await stillServed(sender);
    await stillServed(other);
  });

  it('cuts off a frame far over the limit (1009) without touching other connections', async () => {
    const { port } = await startRealtime({ limits: { messageBytes: 1000 } });
    const sender = await RawClient.connect(port);
    const other = await RawClient.connect(port);
    sender.sendRaw('x'.repeat(20_000));
    expect(await sender.waitForClose()).toBe(1009);
    await stillServed(other);
  });

  it('relays at most N client events per second per connection, refusing the rest with 4301', async () => {
    const { port } = await startRealtime({ limits: { clientEventsPerSecond: 3 } });
    const chatty = await RawClient.connect(port);
    const listener = await RawClient.connect(port);
    const calm = await RawClient.connect(port);
    for (const client of [chatty, listener, calm]) await client.subscribeSigned('private-room');
    await startOfSecond();
    for (let i = 0; i < 8; i++) chatty.send({ event: 'client-typing', channel: 'private-room', data: { i } });
    await chatty.waitFor(() => chatty.frames.filter(isError(4301)).length === 5);
    await listener.waitFor(() => listener.frames.filter((f) => f.event === 'client-typing').length === 3);
    expect(listener.frames.filter((f) => f.event === 'client-typing').map((f) => dataOf(f).i)).toEqual([0, 1, 2]);
    // Another connection's events still go through, and the chatty one may speak again next second.
    calm.send({ event: 'client-typing', channel: 'private-room', data: { from: 'calm' } });
    await listener.waitFor((f) => f.event === 'client-typing' && dataOf(f).from === 'calm');
    await startOfSecond();
    chatty.send({ event: 'client-typing', channel: 'private-room', data: { i: 'later' } });
    await listener.waitFor((f) => f.event === 'client-typing' && dataOf(f).i === 'later');
    expect(chatty.closeCode).toBeNull();
  });

  it('refuses a subscription past the channels-per-connection limit with LimitReached 4100', async () => {
    const { port } = await startRealtime({ limits: { channelsPerConnection: 2 } });
    const client = await RawClient.connect(port);
    const other = await RawClient.connect(port);
    for (const channel of ['a', 'b']) {
      client.send({ event: 'pusher:subscribe', data: { channel } });
      await client.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'c' } });
    const refused = await client.waitFor((f) => f.event === 'pusher:subscription_error' && f.channel === 'c');
    expect(dataOf(refused)).toMatchObject({ type: 'LimitReached', status: 4100 });
    expect(await client.waitFor(isError(4100))).toBeTruthy();
    other.send({ event: 'pusher:subscribe', data: { channel: 'c' } });
    await other.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'c');
    // Leaving one channel makes room again.
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'a' } });
    client.send({ event: 'pusher:subscribe', data: { channel: 'c' } });
    await client.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'c');
  });

  it('refuses a new user past the presence member limit with LimitReached 4100', async () => {
    const { port } = await startRealtime({ limits: { presenceMembers: 2 } });
    const first = await RawClient.connect(port);
    await first.subscribeSigned('presence-room', 'u1');
    await (await RawClient.connect(port)).subscribeSigned('presence-room', 'u2');
    const third = await RawClient.connect(port);
    const refused = await third.subscribeSigned('presence-room', 'u3');
    expect(refused.event).toBe('pusher:subscription_error');
    expect(dataOf(refused)).toMatchObject({ type: 'LimitReached', status: 4100 });
    await third.waitFor(isError(4100));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.frames.some((f) => f.event === 'pusher_internal:member_added' && dataOf(f).user_id === 'u3')).toBe(false);
    // The refused socket keeps working, and a second socket of a member is let in.
    expect((await third.subscribeSigned('presence-other', 'u3')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await (await RawClient.connect(port)).subscribeSigned('presence-room', 'u1')).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('closes connections past the per-IP rate with 4100, counting each client IP apart', async () => {
    const { port } = await startRealtime({ limits: { connectionsPerIpPerSecond: 2 }, clientIpHeader: 'X-Real-IP' });
    const path = '/app/app-key?protocol=7';
    await startOfSecond();
    const first = await RawClient.connect(port, path, { 'x-real-ip': '203.0.113.1' });
    await RawClient.connect(port, path, { 'x-real-ip': '203.0.113.1' });
    const third = await RawClient.connect(port, path, { 'x-real-ip': '203.0.113.1' });
    expect(third.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });
    expect(await third.waitForClose()).toBe(4100);
    const elsewhere = await RawClient.connect(port, path, { 'x-real-ip': '198.51.100.7' });
    expect(elsewhere.frames[0]?.event).toBe('pusher:connection_established');
    await stillServed(first);
  });
});
