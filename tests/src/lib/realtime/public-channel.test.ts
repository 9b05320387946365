// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The connection module, driven by the test: `open` plays "a connection was opened (guest or player)". */
const hook = vi.hoisted(() => ({
  listeners: new Set<(connection: unknown) => void>(),
  underWay: false,
  connects: [] as unknown[],
  open(connection: unknown) {
    for (const listener of this.listeners) listener(connection);
  },
}));
vi.mock('../../../../src/lib/realtime/connection.ts', () => ({
  onConnection: (listener: (connection: unknown) => void) => {
    hook.listeners.add(listener);
    return () => hook.listeners.delete(listener);
  },
  connectionUnderWay: () => hook.underWay,
  connectAs: async (actor: unknown) => {
    hook.connects.push(actor);
    return null;
  },
}));

/** A stand-in for laravel-echo's public channels: records listeners and lets the test fire events. */
function fakeEcho() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    channel(name: string) {
      return {
        listen(event: string, callback: (payload: unknown) => void) {
          if (!listeners.has(`${name} ${event}`)) listeners.set(`${name} ${event}`, new Set());
          listeners.get(`${name} ${event}`)?.add(callback);
          return this;
        },
        stopListening(event: string, callback: (payload: unknown) => void) {
          listeners.get(`${name} ${event}`)?.delete(callback);
          return this;
        },
      };
    },
    fire(channel: string, event: string, payload: unknown) {
      for (const callback of listeners.get(`${channel} ${event}`) ?? []) callback(payload);
    },
  };
}

const connection = (echo: ReturnType<typeof fakeEcho>, tenant: string | null = 'universal-public.7') => ({ echo, actor: { kind: 'guest', guestId: 'guest-x' }, channels: { own: 'universal.guest-x', tenant } });

describe('public channel events', () => {
  beforeEach(() => {
    vi.resetModules();
    hook.listeners.clear();
    hook.connects = [];
    hook.underWay = false;
    localStorage.clear();
  });

  it('connects a visitor as a guest, binds handlers to each new connection and unbinds them', async () => {
    const { onPublicEvent } = await import('../../../../src/lib/realtime/public-channel.ts');
    const received: unknown[] = [];
    const stop = onPublicEvent('BetPlaced', (data) => received.push(data));
    expect(hook.connects).toHaveLength(1);
    expect(hook.connects[0]).toMatchObject({ kind: 'guest' });

    const guest = fakeEcho();
    hook.open(connection(guest));
    guest.fire('universal-public.7', 'BetPlaced', { n: 1 });
    guest.fire('universal-public.7', 'MessageSent', { n: 'other event' });
    // The sign-in opens a new connection: the handler follows it.
    const player = fakeEcho();
    hook.open(connection(player));
    player.fire('universal-public.7', 'BetPlaced', { n: 2 });
    stop();
    player.fire('universal-public.7', 'BetPlaced', { n: 3 });
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('opens nothing when a player token is stored (the session connects the player) or a connection is under way', async () => {
    const { onPublicEvent } = await import('../../../../src/lib/realtime/public-channel.ts');
    localStorage.setItem('auth', JSON.stringify('token'));
    onPublicEvent('MessageSent', () => undefined);
    localStorage.clear();
    hook.underWay = true;
    onPublicEvent('MessageSent', () => undefined);
    expect(hook.connects).toHaveLength(0);
  });

  it('binds at once to a connection that is already open, and not at all without a tenant channel', async () => {
    const { onPublicEvent } = await import('../../../../src/lib/realtime/public-channel.ts');
    const echo = fakeEcho();
    const first: unknown[] = [];
    onPublicEvent('MessageSent', (d) => first.push(d));
    hook.open(connection(echo));
    const second: unknown[] = [];
    onPublicEvent('MessageSent', (d) => second.push(d));
    echo.fire('universal-public.7', 'MessageSent', 'hello');
    expect(first).toEqual(['hello']);
    expect(second).toEqual(['hello']);

    const none = fakeEcho();
    hook.open(connection(none, null));
    none.fire('universal-public.7', 'MessageSent', 'nobody listens');
    expect(first).toEqual(['hello']);
  });
});
