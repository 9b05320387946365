import { afterEach, describe, expect, it } from 'vitest';
import { channelRules, isValidChannelName } from '../../../server/realtime/channels/kinds.ts';
import { authorizeChannel } from '../../../server/realtime/index.ts';
import { APP, closeAll, RawClient, startRealtime } from './helpers.ts';

afterEach(closeAll);

async function join(client: RawClient, channel: string, presence?: { user_id: string; user_info?: Record<string, unknown> }): Promise<void> {
  const signed = authorizeChannel({ ...APP, socketId: client.socketId, channelName: channel, ...(presence ? { presence } : {}) });
  client.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
  await client.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
}

describe('channel kinds by prefix', () => {
  it.each([
    ['universal-public.7', 'public'],
    ['private-universal.1', 'private'],
    ['private-encrypted-x', 'encrypted'],
    ['presence-room', 'presence'],
    ['#server-to-user-42', 'server-to-user'],
    ['#anything', 'reserved'],
  ])('%s is %s', (name, kind) => {
    expect(channelRules(name).kind).toBe(kind);
  });

  it('accepts Pusher channel-name characters only', () => {
    expect(isValidChannelName('private-a_b-c=d@e,f.g;h')).toBe(true);
    expect(isValidChannelName('with space')).toBe(false);
    expect(isValidChannelName('x'.repeat(165))).toBe(false);
  });
});

describe('client event rules', () => {
  it('never relays client events on encrypted channels', async () => {
    const { port } = await startRealtime();
    const a = await RawClient.connect(port);
    const b = await RawClient.connect(port);
    await join(a, 'private-encrypted-room');
    await join(b, 'private-encrypted-room');
    a.send({ event: 'client-x', channel: 'private-encrypted-room', data: { n: 1 } });
    const refusal = await a.waitFor((f) => f.event === 'pusher:error');
    expect(refusal.data).toMatchObject({ code: 4009, message: expect.stringContaining('encrypted') });
    expect(b.frames.some((f) => f.event === 'client-x')).toBe(false);
  });

  it('refuses client events from a socket not subscribed to the channel', async () => {
    const { port } = await startRealtime();
    const member = await RawClient.connect(port);
    const outsider = await RawClient.connect(port);
    await join(member, 'private-room');
    outsider.send({ event: 'client-x', channel: 'private-room', data: {} });
    expect(await outsider.waitFor((f) => f.event === 'pusher:error')).toMatchObject({ data: { code: 4009 } });
    member.send({ event: 'pusher:ping' });
    await member.waitFor((f) => f.event === 'pusher:pong');
    expect(member.frames.some((f) => f.event === 'client-x')).toBe(false);
  });

  it('announces a presence user once across several sockets, and removes it with the last', async () => {
    const { port } = await startRealtime();
    const watcher = await RawClient.connect(port);
    await join(watcher, 'presence-room', { user_id: 'w' });
    const tab1 = await RawClient.connect(port);
    const tab2 = await RawClient.connect(port);
    await join(tab1, 'presence-room', { user_id: 'u', user_info: { name: 'U' } });
    await join(tab2, 'presence-room', { user_id: 'u', user_info: { name: 'U' } });
    const count = (event: string): number => watcher.frames.filter((f) => f.event === event).length;
    await watcher.waitFor((f) => f.event === 'pusher_internal:member_added');
    tab1.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    tab1.send({ event: 'pusher:ping' });
    await tab1.waitFor((f) => f.event === 'pusher:pong');
    expect(count('pusher_internal:member_added')).toBe(1);
    expect(count('pusher_internal:member_removed')).toBe(0);
    tab2.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room' } });
    const removed = await watcher.waitFor((f) => f.event === 'pusher_internal:member_removed');
    expect(JSON.parse(String(removed.data))).toEqual({ user_id: 'u' });
  });

  it('refuses presence subscriptions whose channel_data was not signed', async () => {
    const { port } = await startRealtime();
    const client = await RawClient.connect(port);
    const signed = authorizeChannel({ ...APP, socketId: client.socketId, channelName: 'presence-room', presence: { user_id: 'a' } });
    client.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: signed.auth, channel_data: '{"user_id":"admin"}' } });
    expect(await client.waitFor((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'presence-room' });
  });
});
