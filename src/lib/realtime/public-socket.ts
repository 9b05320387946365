import type { RealtimeClientConfig } from '../../contract/tenant-bundle.ts';

/**
 * A listener for one public channel over a bare WebSocket speaking the
 * Pusher protocol (version 7) — for the home page's live bet feed, which
 * must not load pusher-js and laravel-echo (≈ 25 KB compressed) before the
 * visitor does anything. Public channels need no authorisation, so the
 * protocol part is three frames: `pusher:subscribe` out, `pusher:ping` →
 * `pusher:pong`, and the channel's events in. A dropped socket reconnects
 * after 1 s, doubling up to 60 s (pusher-js's own retry pace). The full
 * client (`connection.ts`) still serves private and presence channels.
 */
export interface PublicSocketOptions {
  realtime: RealtimeClientConfig;
  /** Server channel name, e.g. `universal-public.7`. */
  channel: string;
  /** Called with the event's name on the wire (`App\Events\BetPlaced`) and its parsed data. */
  onEvent: (event: string, data: unknown) => void;
  /** For tests: the WebSocket constructor. */
  WebSocketClass?: typeof WebSocket;
}

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;

/** The socket address pusher-js would use for this configuration. */
export function publicSocketUrl(realtime: RealtimeClientConfig, hostname: string): string {
  const scheme = realtime.forceTLS ? 'wss' : 'ws';
  return `${scheme}://${realtime.host || hostname}:${realtime.port}/app/${encodeURIComponent(realtime.key)}?protocol=7&client=js&version=8.4.0&flash=false`;
}

/** The `data` of a frame: Pusher sends it as a JSON string inside the JSON frame. */
function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** Opens the socket and keeps it open until the returned function is called. */
export function listenToPublicChannel(options: PublicSocketOptions): () => void {
  const Socket = options.WebSocketClass ?? WebSocket;
  let socket: WebSocket | null = null;
  let retry = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    const current = new Socket(publicSocketUrl(options.realtime, location.hostname));
    socket = current;
    current.onmessage = (message) => {
      let frame: { event?: unknown; channel?: unknown; data?: unknown };
      try {
        frame = JSON.parse(String(message.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.event === 'pusher:connection_established') {
        retry = RETRY_FIRST_MS;
        current.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: options.channel } }));
      } else if (frame.event === 'pusher:ping') {
        current.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      } else if (frame.channel === options.channel && typeof frame.event === 'string' && !frame.event.startsWith('pusher')) {
        options.onEvent(frame.event, parseData(frame.data));
      }
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      timer = setTimeout(open, retry);
      retry = Math.min(retry * 2, RETRY_MAX_MS);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
