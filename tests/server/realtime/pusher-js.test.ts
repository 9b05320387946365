import Pusher, { type Members, type PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CASINO_ID,
  clientOptions,
  closeAll,
  connectPusher,
  guestActor,
  nextValue,
  onCleanup,
  sdk,
  startAuthServer,
  startRealtime,
  subscribed,
  userActor,
} from './helpers.ts';

afterEach(closeAll);

const alice = userActor(42, 'Alice');
const guest = guestActor('guest-abc123');

describe('unmodified pusher-js client with the official pusher SDK publishing', () => {
  it('fails to connect with a wrong app key (4001) and does not retry', async () => {
    const { port, server } = await startRealtime();
    const client = new Pusher('wrong-key', clientOptions(port));
    onCleanup(() => client.disconnect());
    const error = await nextValue<unknown>((done) => client.connection.bind('error', done));
    expect(error).toMatchObject({ type: 'WebSocketError', error: { type: 'PusherError', data: { code: 4001 } } });
    await expect.poll(() => client.connection.state).toBe('disconnected');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(client.connection.state).toBe('disconnected');
    expect(server.connectionCount()).toBe(0);
  });

  it('receives an event on a public channel', async () => {
    const { port } = await startRealtime();
    const client = await connectPusher(port);
    await subscribed(client, `universal-public.${CASINO_ID}`);
    const received = nextValue<unknown>((done) => client.channel(`universal-public.${CASINO_ID}`).bind('BetPlaced', done));
    await sdk(port).trigger(`universal-public.${CASINO_ID}`, 'BetPlaced', { amount: 1500, game: 'crash' });
    expect(await received).toEqual({ amount: 1500, game: 'crash' });
  });

  it('receives an event on its own private channel, authorized through /broadcasting/auth', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const client = await connectPusher(port, auth, alice);
    await subscribed(client, 'private-universal.42');
    const received = nextValue<unknown>((done) => client.channel('private-universal.42').bind('BalanceUpdated', done));
    await sdk(port).trigger('private-universal.42', 'BalanceUpdated', { balance: 10_000 });
    expect(await received).toEqual({ balance: 10_000 });
  });

  it("is refused another actor's private channel (403 from the auth endpoint)", async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const client = await connectPusher(port, auth, alice);
    const failure = await subscribed(client, 'private-universal.43').catch((error: { detail: unknown }) => error.detail);
    expect(failure).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('is refused when the signature was made with the wrong secret', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer('not-the-secret');
    const client = await connectPusher(port, auth, alice);
    const errors: unknown[] = [];
    client.connection.bind('error', (error: unknown) => errors.push(error));
    const failure = await subscribed(client, 'private-universal.42').catch((error: { detail: unknown }) => error.detail);
    expect(failure).toMatchObject({ type: 'AuthError', status: 401 });
    await expect.poll(() => errors).toContainEqual(expect.objectContaining({ data: expect.objectContaining({ code: 4009 }) }));
    await sdk(port).trigger('private-universal.42', 'BalanceUpdated', {});
    expect(client.connection.state).toBe('connected');
  });

  it('lists presence members and announces members added and removed', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const channelName = `presence-universal-public.${CASINO_ID}`;
    const first = await connectPusher(port, auth, alice);
    const firstMembers = (await subscribed(first, channelName)) as Members;
    expect(firstMembers.count).toBe(1);
    expect(firstMembers.me).toEqual({ id: '42', info: { name: 'Alice', kind: 'user' } });

    const presence = first.channel(channelName) as PresenceChannel;
    const added = nextValue<unknown>((done) => presence.bind('pusher:member_added', done));
    const second = await connectPusher(port, auth, guest);
    const secondMembers = (await subscribed(second, channelName)) as Members;
    expect(await added).toEqual({ id: 'guest-abc123', info: { name: null, kind: 'guest' } });
    const ids: string[] = [];
    secondMembers.each((member: { id: string }) => ids.push(member.id));
    expect(ids.sort()).toEqual(['42', 'guest-abc123']);

    const removed = nextValue<unknown>((done) => presence.bind('pusher:member_removed', done));
    second.disconnect();
    expect(await removed).toEqual({ id: 'guest-abc123', info: { name: null, kind: 'guest' } });
    expect(presence.members.count).toBe(1);
  });

  it('relays client events between two sockets of a private channel, not back to the sender', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const tabA = await connectPusher(port, auth, alice);
    const tabB = await connectPusher(port, auth, alice);
    await subscribed(tabA, 'private-universal.42');
    await subscribed(tabB, 'private-universal.42');
    const echoedToSender: unknown[] = [];
    tabA.channel('private-universal.42').bind('client-typing', (data: unknown) => echoedToSender.push(data));
    const received = nextValue<unknown>((done) => tabB.channel('private-universal.42').bind('client-typing', done));
    expect(tabA.channel('private-universal.42').trigger('client-typing', { typing: true })).toBe(true);
    expect(await received).toEqual({ typing: true });
    expect(echoedToSender).toEqual([]);
  });

  it('tags client events on presence channels with the sender user_id', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const channelName = `presence-universal-public.${CASINO_ID}`;
    const a = await connectPusher(port, auth, alice);
    const b = await connectPusher(port, auth, guest);
    await subscribed(a, channelName);
    await subscribed(b, channelName);
    const received = nextValue<{ data: unknown; meta: unknown }>((done) =>
      b.channel(channelName).bind('client-wave', (data: unknown, meta: unknown) => done({ data, meta })),
    );
    a.channel(channelName).trigger('client-wave', { hi: 1 });
    expect(await received).toEqual({ data: { hi: 1 }, meta: { user_id: '42' } });
  });

  it('refuses client events on a public channel', async () => {
    const { port } = await startRealtime();
    const a = await connectPusher(port);
    const b = await connectPusher(port);
    await subscribed(a, 'universal-public.7');
    await subscribed(b, 'universal-public.7');
    const leaked: unknown[] = [];
    b.channel('universal-public.7').bind('client-spam', (data: unknown) => leaked.push(data));
    const refusal = nextValue<unknown>((done) => a.connection.bind('error', done));
    a.channel('universal-public.7').trigger('client-spam', { x: 1 });
    expect(await refusal).toMatchObject({ type: 'PusherError', data: { code: 4009 } });
    expect(leaked).toEqual([]);
  });

  it('does not deliver to the socket excluded by socket_id', async () => {
    const { port } = await startRealtime();
    const a = await connectPusher(port);
    const b = await connectPusher(port);
    await subscribed(a, 'universal-public.7');
    await subscribed(b, 'universal-public.7');
    const toA: unknown[] = [];
    a.channel('universal-public.7').bind('MessageSent', (data: unknown) => toA.push(data));
    const toB = nextValue<unknown>((done) => b.channel('universal-public.7').bind('MessageSent', done));
    await sdk(port).trigger('universal-public.7', 'MessageSent', { text: 'oi' }, { socket_id: a.connection.socket_id });
    expect(await toB).toEqual({ text: 'oi' });
    expect(toA).toEqual([]);
  });

  it('signs a user in and delivers sendToUser through #server-to-user', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const client = await connectPusher(port, auth, alice);
    const received = nextValue<unknown>((done) => client.user.bind('NotificationSent', done));
    client.signin();
    await client.user.signinDonePromise;
    await expect.poll(() => client.user.serverToUserChannel?.subscribed).toBe(true);
    await sdk(port).sendToUser('42', 'NotificationSent', { title: 'Bônus' });
    expect(await received).toEqual({ title: 'Bônus' });
  });
});
