// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToPublicChannel, publicSocketUrl } from '../../../../src/lib/realtime/public-socket.ts';

/** A WebSocket stand-in: records what the client sends and lets the test play the server. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly url: string;
  sent: unknown[] = [];
  closed = false;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.onclose?.();
  }
  /** The server sends a frame. */
  receive(frame: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server drops the connection. */
  drop(): void {
    this.onclose?.();
  }
}

const realtime = { key: 'app-key', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' };
const CHANNEL = 'universal-public.7';

function listen(onEvent = vi.fn()) {
  const stop = listenToPublicChannel({ realtime, channel: CHANNEL, onEvent, WebSocketClass: FakeSocket as unknown as typeof WebSocket });
  return { stop, onEvent, socket: FakeSocket.opened.at(-1)! };
}

beforeEach(() => {
  FakeSocket.opened = [];
});
afterEach(() => vi.useRealTimers());

describe('public channel over a bare Pusher-protocol socket', () => {
  it('uses the address pusher-js would use', () => {
    expect(publicSocketUrl(realtime, 'casa.localhost')).toBe('ws://casa.localhost:6001/app/app-key?protocol=7&client=js&version=8.4.0&flash=false');
    expect(publicSocketUrl({ ...realtime, host: 'rt.example', port: 443, forceTLS: true }, 'casa.localhost')).toMatch(/^wss:\/\/rt\.example:443\/app\//);
  });

  it('subscribes once connected, answers pings, and hands over the channel events with their data parsed', () => {
    const { socket, onEvent } = listen();
    expect(socket.sent).toEqual([]);
    socket.receive({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: '1.2', activity_timeout: 120 }) });
    expect(socket.sent).toEqual([{ event: 'pusher:subscribe', data: { channel: CHANNEL } }]);
    socket.receive({ event: 'pusher:ping', data: {} });
    expect(socket.sent.at(-1)).toEqual({ event: 'pusher:pong', data: {} });
    socket.receive({ event: 'pusher_internal:subscription_succeeded', channel: CHANNEL, data: '{}' });
    socket.receive({ event: 'App\\Events\\BetPlaced', channel: 'universal-public.8', data: '{"other":true}' });
    socket.receive({ event: 'App\\Events\\BetPlaced', channel: CHANNEL, data: '{"transaction":"t-1"}' });
    expect(onEvent.mock.calls).toEqual([['App\\Events\\BetPlaced', { transaction: 't-1' }]]);
  });

  it('reconnects after a drop, waiting longer each time, and stops for good when asked', () => {
    vi.useFakeTimers();
    const { stop } = listen();
    FakeSocket.opened[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(3);
    stop();
    expect(FakeSocket.opened[2]!.closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.opened).toHaveLength(3);
  });
});
