import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { canonicalQuery, verifySignedRequest } from '../../../server/realtime/http-auth.ts';
import { APP, closeAll, connectPusher, nextValue, RawClient, sdk, startRealtime, subscribed } from './helpers.ts';

afterEach(closeAll);

// The SDK's own signing internals, so the unit tests sign exactly as the SDK does.
const require = createRequire(import.meta.url);
type SdkToken = { key: string; sign(text: string): string };
const { createSignedQueryString } = require('pusher/lib/requests.js') as {
  createSignedQueryString(token: SdkToken, request: { method: string; path: string; body?: string }): string;
};
const Token = require('pusher/lib/token.js') as new (key: string, secret: string) => SdkToken;
const token = new Token(APP.key, APP.secret);

describe('Pusher HTTP API', () => {
  it('refuses a request signed with the wrong secret with 401', async () => {
    const { port } = await startRealtime();
    const client = await connectPusher(port);
    await subscribed(client, 'universal-public.7');
    const heard: unknown[] = [];
    client.channel('universal-public.7').bind('BetPlaced', (data: unknown) => heard.push(data));
    await expect(sdk(port, 'wrong-secret').trigger('universal-public.7', 'BetPlaced', {})).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual([]);
  });

  it('refuses an unsigned request and an unknown app id', async () => {
    const { port } = await startRealtime();
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/app-id/events`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const other = await fetch(`http://127.0.0.1:${port}/apps/other/events`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
  });

  it('sends nosniff and a deny-all CSP on every answer: refusals, unknown paths and signed reads (issue 12)', async () => {
    const { port } = await startRealtime();
    const answers = [
      await fetch(`http://127.0.0.1:${port}/apps/app-id/events`, { method: 'POST', body: '{}' }),
      await fetch(`http://127.0.0.1:${port}/apps/other/channels`),
      await fetch(`http://127.0.0.1:${port}/`),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 404, 404]);
    const channels = await sdk(port).get({ path: '/channels' });
    for (const answer of [...answers, channels]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('refuses an oversized unsigned body with 413 without reading it whole (issue 12)', async () => {
    const { port } = await startRealtime();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 8 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await fetch(`http://127.0.0.1:${port}/apps/app-id/events`, { method: 'POST', body, duplex: 'half' } as RequestInit).catch(() => null);
    // The server answers (then drops the connection) while the client still sends: 413, never 401 after reading it all.
    if (answer) expect(answer.status).toBe(413);
  });

  it('publishes a batch to several channels', async () => {
    const { port } = await startRealtime();
    const client = await connectPusher(port);
    await subscribed(client, 'a');
    await subscribed(client, 'b');
    const onA = nextValue<unknown>((done) => client.channel('a').bind('one', done));
    const onB = nextValue<unknown>((done) => client.channel('b').bind('two', done));
    await sdk(port).triggerBatch([
      { channel: 'a', name: 'one', data: { n: 1 } },
      { channel: 'b', name: 'two', data: 'plain text' },
    ]);
    expect(await onA).toEqual({ n: 1 });
    expect(await onB).toBe('plain text');
  });

  it('answers 400 for an invalid event and 413 for an oversized one', async () => {
    const { port } = await startRealtime();
    // The SDK JSON-encodes `body` itself (its typings say string): this sends data as an object, not a string.
    const objectData = { name: 'x', data: {}, channels: ['a'] } as unknown as string;
    await expect(sdk(port).post({ path: '/events', body: objectData })).rejects.toMatchObject({ status: 400 });
    const big = 'x'.repeat(10_241);
    await expect(sdk(port).trigger('a', 'big', big)).rejects.toMatchObject({ status: 413 });
  });

  it('reports occupied channels, subscription and presence user counts', async () => {
    const { port } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send({ event: 'pusher:subscribe', data: { channel: 'lobby' } });
    await raw.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    const api = sdk(port);
    const list = (await (await api.get({ path: '/channels' })).json()) as { channels: Record<string, unknown> };
    expect(list.channels).toEqual({ lobby: {} });
    const info = await (await api.get({ path: '/channels/lobby', params: { info: 'subscription_count' } })).json();
    expect(info).toEqual({ occupied: true, subscription_count: 1 });
    const empty = await (await api.get({ path: '/channels/presence-none', params: { info: 'user_count' } })).json();
    expect(empty).toEqual({ occupied: false, user_count: 0 });
    const users = await (await api.get({ path: '/channels/presence-none/users' })).json();
    expect(users).toEqual({ users: [] });
  });
});

describe('HTTP API signature verification', () => {
  const path = '/apps/app-id/events';
  const body = JSON.stringify({ name: 'e', data: '{}', channels: ['c'] });

  it('accepts exactly what the pusher SDK signs', () => {
    const query = new URLSearchParams(createSignedQueryString(token, { method: 'POST', path, body }));
    expect(verifySignedRequest({ method: 'POST', path, query, body }, APP)).toBeNull();
  });

  it('rejects a changed body, an old timestamp and a foreign key', () => {
    const query = new URLSearchParams(createSignedQueryString(token, { method: 'POST', path, body }));
    expect(verifySignedRequest({ method: 'POST', path, query, body: body.replace('"e"', '"f"') }, APP)).toMatch(/body_md5/);
    expect(verifySignedRequest({ method: 'POST', path, query, body }, APP, Date.now() + 601_000)).toMatch(/auth_timestamp/);
    expect(verifySignedRequest({ method: 'POST', path, query, body }, { ...APP, key: 'other' })).toMatch(/auth_key/);
  });

  it('sorts lower-cased keys and leaves auth_signature out', () => {
    expect(canonicalQuery(new URLSearchParams('b=2&A=1&auth_signature=x'))).toBe('a=1&b=2');
  });
});

