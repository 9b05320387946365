import { WebSocket } from 'ws';

export interface Subscriber {
  /** True while connected and subscribed. */
  subscribed(): boolean;
  /** Times the server closed it and it came back. */
  reconnects(): number;
  close(): void;
}

/**
 * A protocol-7 client on `port` (app `key`) subscribed to `channel`, handing
 * the data of `event` (default: every event that is not the protocol's own)
 * to `onEvent`. It reconnects as pusher-js does (at once after a 42xx close,
 * after a second otherwise, never after a 40xx) and subscribes again.
 * Resolves once first subscribed, or null when that takes over 5 s.
 */
export function subscriber(opts: { port: number; key: string; channel: string; event?: string }, onEvent: (data: unknown) => void): Promise<Subscriber | null> {
  let ws: WebSocket | null = null;
  let subscribed = false;
  let reconnects = 0;
  let closed = false;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      closed = true;
      ws?.terminate();
      resolve(null);
    }, 5000);
    const handle: Subscriber = {
      subscribed: () => subscribed,
      reconnects: () => reconnects,
      close: () => {
        closed = true;
        ws?.terminate();
      },
    };
    const open = () => {
      const socket = new WebSocket(`ws://127.0.0.1:${opts.port}/app/${opts.key}?protocol=7&client=faults&version=1`);
      ws = socket;
      socket.on('error', () => {});
      socket.on('close', (code) => {
        subscribed = false;
        if (closed || (code >= 4000 && code < 4100)) return;
        reconnects += 1;
        setTimeout(open, code >= 4200 && code < 4300 ? 0 : 1000);
      });
      socket.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; data?: string };
        if (frame.event === 'pusher:connection_established') socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: opts.channel } }));
        else if (frame.event === 'pusher_internal:subscription_succeeded') {
          subscribed = true;
          clearTimeout(timer);
          resolve(handle);
        } else if (opts.event ? frame.event === opts.event : !frame.event.startsWith('pusher')) onEvent(frame.data ? (JSON.parse(frame.data) as unknown) : null);
      });
    };
    open();
  });
}
