import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { echoChannelName, RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { Actor } from '../../../server/http/context.ts';
import { APP, CASINO_ID, closeAll, guestActor, nextValue, onCleanup, sdk, startAuthServer, startRealtime, userActor } from './helpers.ts';

afterEach(closeAll);

/** laravel-echo configured as the site configures it, with the unmodified pusher-js. */
async function connectEcho(port: number, authBase: string, actor: Actor): Promise<Echo<'pusher'>> {
  const headers = { 'x-test-actor': JSON.stringify(actor) };
  const echo = new Echo({
    broadcaster: 'pusher',
    key: APP.key,
    Pusher,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint: `${authBase}/broadcasting/auth`,
    auth: { headers },
    userAuthentication: { endpoint: `${authBase}/broadcasting/user-auth`, headers, transport: 'ajax' },
  });
  onCleanup(() => echo.disconnect());
  await nextValue<void>((done) => echo.connector.pusher.connection.bind('connected', () => done()));
  return echo;
}

describe('laravel-echo with the pusher broadcaster', () => {
  it('hears App\\Events names with listen(short name) on the public channel', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const echo = await connectEcho(port, auth, guestActor('guest-1'));
    const channel = echo.channel(realtimeChannel.tenantPublic(CASINO_ID));
    await nextValue<void>((done) => channel.subscribed(() => done()));
    const bet = nextValue<unknown>((done) => channel.listen(RealtimeEvent.BetPlaced, done));
    await sdk(port).trigger(realtimeChannel.tenantPublic(CASINO_ID), wireEventName(RealtimeEvent.BetPlaced), { amount: 250 });
    expect(await bet).toEqual({ amount: 250 });
  });

  it('hears a bare event name with listen(".Name")', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const echo = await connectEcho(port, auth, guestActor('guest-1'));
    const channel = echo.channel('universal-public.7');
    await nextValue<void>((done) => channel.subscribed(() => done()));
    const heard = nextValue<unknown>((done) => channel.listen('.BetPlaced', done));
    await sdk(port).trigger('universal-public.7', 'BetPlaced', { amount: 1 });
    expect(await heard).toEqual({ amount: 1 });
  });

  it('joins the private actor channel and receives user events', async () => {
    const { port, server } = await startRealtime();
    const auth = await startAuthServer();
    const echo = await connectEcho(port, auth, userActor(42, 'Alice'));
    const channel = echo.private(echoChannelName(realtimeChannel.actorPrivate(42)));
    await nextValue<void>((done) => channel.subscribed(() => done()));
    const payment = nextValue<unknown>((done) => channel.listen(RealtimeEvent.PaymentApproved, done));
    await server.publish([realtimeChannel.actorPrivate(42)], wireEventName(RealtimeEvent.PaymentApproved), { txid: 'abc' });
    expect(await payment).toEqual({ txid: 'abc' });
  });

  it('reports a refused private channel through .error()', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const echo = await connectEcho(port, auth, guestActor('guest-1'));
    const failure = await nextValue<unknown>((done) => echo.private('universal.42').error(done));
    expect(failure).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('tracks presence with here / joining / leaving, and whispers', async () => {
    const { port } = await startRealtime();
    const auth = await startAuthServer();
    const room = echoChannelName(realtimeChannel.tenantPresence(CASINO_ID));
    const alice = await connectEcho(port, auth, userActor(42, 'Alice'));
    const aliceRoom = alice.join(room);
    const here = await nextValue<unknown[]>((done) => aliceRoom.here(done));
    expect(here).toEqual([{ name: 'Alice', kind: 'user' }]);

    const joining = nextValue<unknown>((done) => aliceRoom.joining(done));
    const guest = await connectEcho(port, auth, guestActor('guest-9'));
    const guestRoom = guest.join(room);
    const guestHere = await nextValue<unknown[]>((done) => guestRoom.here(done));
    expect(guestHere).toHaveLength(2);
    expect(await joining).toEqual({ name: null, kind: 'guest' });

    const whisper = nextValue<unknown>((done) => aliceRoom.listenForWhisper('typing', done));
    guestRoom.whisper('typing', { typing: true });
    expect(await whisper).toEqual({ typing: true });

    const leaving = nextValue<unknown>((done) => aliceRoom.leaving(done));
    guest.leave(room);
    expect(await leaving).toEqual({ name: null, kind: 'guest' });
  });
});
