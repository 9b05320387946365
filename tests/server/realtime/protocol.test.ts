import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, dataOf, RawClient, startRealtime } from './helpers.ts';

afterEach(closeAll);

describe('Pusher protocol 7 over WebSocket', () => {
  it('greets a connection with a socket id and the 120 s activity timeout', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    const established = client.frames[0]!;
    expect(established.event).toBe('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    expect(dataOf(established).socket_id).toMatch(/^\d+\.\d+$/);
    expect(dataOf(established).activity_timeout).toBe(120);
  });

  it('refuses an unknown app key with 4001 and closes', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port, '/app/not-the-key?protocol=7');
    expect(client.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
    expect(await client.waitForClose()).toBe(4001);
  });

  it('refuses an unsupported protocol version with 4007', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port, '/app/app-key?protocol=2');
    expect(client.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4007 } });
    expect(await client.waitForClose()).toBe(4007);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    client.send({ event: 'pusher:ping', data: {} });
    expect(await client.waitFor((f) => f.event === 'pusher:pong')).toBeTruthy();
  });

  it('pings an idle client and closes it with 4201 when no pong comes', async () => {
    const { port, server } = await startRealtime({ activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 });
    const client = await RawClient.connect(port);
    await client.waitFor((f) => f.event === 'pusher:ping', 3000);
    expect(await client.waitForClose(4000)).toBe(4201);
    await expect.poll(() => server.connectionCount()).toBe(0);
  });

  it('keeps a client that answers the ping', async () => {
    const { port, server } = await startRealtime({ activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 });
    const client = await RawClient.connect(port);
    await client.waitFor((f) => f.event === 'pusher:ping', 3000);
    client.send({ event: 'pusher:pong', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(client.closeCode).toBeNull();
    expect(server.connectionCount()).toBe(1);
  });

  it('subscribes to a public channel and unsubscribes', async () => {
    const { port, server } = await startRealtime();
    const client = await RawClient.connect(port);
    client.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    const ok = await client.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(ok.channel).toBe('news');
    await server.publish(['news'], 'hello', { n: 1 });
    expect(dataOf(await client.waitFor((f) => f.event === 'hello'))).toEqual({ n: 1 });
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    client.send({ event: 'pusher:ping', data: {} });
    await client.waitFor((f) => f.event === 'pusher:pong');
    await server.publish(['news'], 'after', {});
    client.send({ event: 'pusher:ping', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.frames.some((f) => f.event === 'after')).toBe(false);
  });

  it('refuses channels starting with # that a client tries to create', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    client.send({ event: 'pusher:subscribe', data: { channel: '#secret' } });
    const refused = await client.waitFor((f) => f.event === 'pusher:subscription_error');
    expect(refused.channel).toBe('#secret');
    expect(dataOf(refused)).toMatchObject({ type: 'AuthError', status: 401 });
    expect(await client.waitFor((f) => f.event === 'pusher:error')).toMatchObject({ data: { code: 4009 } });
    expect(client.closeCode).toBeNull();
  });

  it('refuses a private channel without a valid signature', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-x', auth: 'app-key:deadbeef' } });
    expect(await client.waitFor((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'private-x' });
  });

  it('reports a malformed frame without closing the connection', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    client.send({ nope: true } as never);
    expect(await client.waitFor((f) => f.event === 'pusher:error')).toMatchObject({ data: { code: 4300 } });
    client.send({ event: 'pusher:ping' });
    await client.waitFor((f) => f.event === 'pusher:pong');
  });

  it('does not upgrade paths other than /app/{key}', async () => {
    const { port } = await startRealtime();
    const client = new RawClient(`ws://127.0.0.1:${port}/elsewhere`);
    expect(await client.waitForClose()).toBe(1006);
    expect(client.error?.message).toContain('404');
  });
});
