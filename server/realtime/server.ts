import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeAdapter } from './adapter.ts';
import { startHeartbeat } from './heartbeat.ts';
import { httpApi } from './http-api.ts';
import { RealtimeHub, type OpenRequest } from './hub.ts';
import { DEFAULT_LIMITS, type RealtimeLimits } from './limits.ts';
import { createLocalAdapter } from './local-adapter.ts';

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Sent to clients as `activity_timeout`, and the silence after which the server pings. Default 120 (spec: 120000 ms). */
  activityTimeoutSeconds?: number;
  /** How long a pinged client has to answer before it is closed with 4201. Default 30 (spec: pong 30000 ms). */
  pongTimeoutSeconds?: number;
  /** How nodes share broadcasts and presence; in-process when omitted. */
  adapter?: RealtimeAdapter;
  /** Protective limits; each one omitted keeps its default (limits.ts). */
  limits?: Partial<RealtimeLimits>;
  /**
   * Request header holding the client's IP as set by a trusted proxy (the
   * platform's CLIENT_IP_HEADER); the first address of a list is used.
   * Unset: the TCP peer address.
   */
  clientIpHeader?: string | null;
  logger?: (msg: string) => void;
}

export interface RealtimeServer {
  listen(port: number, host?: string): Promise<{ port: number }>;
  close(): Promise<void>;
  publish(channels: string[], event: string, data: unknown, exceptSocketId?: string): Promise<void>;
  connectionCount(): number;
}

/** Grace (ms) for a closing handshake before a socket is dropped. */
const CLOSE_GRACE_MS = 2000;

/**
 * Frames up to this many times the message limit are read and answered with
 * 4301; anything bigger is cut off by `ws` (close 1009) before it is buffered.
 */
const HARD_PAYLOAD_FACTOR = 8;

/**
 * The realtime node: one HTTP server answering WebSocket upgrades at
 * `/app/{key}` (Pusher protocol 7) and the Pusher HTTP API at `/apps/{appId}/…`.
 * `publish` sends like the HTTP API does, without a network hop.
 */
export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const hub = new RealtimeHub(
    {
      appId: options.appId,
      key: options.key,
      secret: options.secret,
      activityTimeoutSeconds: options.activityTimeoutSeconds ?? 120,
      pongTimeoutSeconds: options.pongTimeoutSeconds ?? 30,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      logger: options.logger ?? ((msg) => console.error(msg)),
    },
    options.adapter ?? createLocalAdapter(),
  );
  const http: Server = createServer(getRequestListener(httpApi(hub).fetch));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: hub.config.limits.messageBytes * HARD_PAYLOAD_FACTOR });
  const clientIpHeader = options.clientIpHeader?.toLowerCase() ?? null;
  let stopHeartbeat: (() => void) | null = null;

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://realtime.invalid');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) =>
      attach(hub, ws, {
        appKey: decodeURIComponent(match[1] ?? ''),
        protocol: url.searchParams.get('protocol'),
        ip: clientIp(request, clientIpHeader),
      }),
    );
  });

  return {
    async listen(port, host) {
      await hub.start();
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => {
          http.off('error', reject);
          resolve();
        });
      });
      const limits = { activityMs: hub.config.activityTimeoutSeconds * 1000, pongMs: hub.config.pongTimeoutSeconds * 1000 };
      stopHeartbeat = startHeartbeat(() => hub.connections.values(), limits);
      return { port: (http.address() as AddressInfo).port };
    },
    async close() {
      stopHeartbeat?.();
      // The hub sends every client close code 4200 (reconnect at once, to another node); give the close frames time to go out.
      await hub.close();
      await allClosed(sockets.clients, CLOSE_GRACE_MS);
      for (const ws of sockets.clients) ws.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
    publish: (channels, event, data, exceptSocketId) => hub.publish(channels, event, data, exceptSocketId),
    connectionCount: () => hub.connections.size,
  };
}

/** Resolves when every socket has closed, or after `graceMs` at the latest. */
function allClosed(clients: Set<WebSocket>, graceMs: number): Promise<void> {
  const open = [...clients].filter((ws) => ws.readyState !== ws.CLOSED);
  if (open.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    let left = open.length;
    for (const ws of open) {
      ws.once('close', () => {
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
}

/** Binds one `ws` socket to the protocol hub. */
function attach(hub: RealtimeHub, ws: WebSocket, request: OpenRequest): void {
  ws.on('error', (error) => hub.config.logger(`realtime: socket error: ${error.message}`));
  const connection = hub.open(
    {
      send: (text) => ws.send(text),
      close: (code, reason) => {
        ws.close(code, reason);
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      },
    },
    request,
  );
  if (connection === null) return;
  ws.on('message', (raw, isBinary) => {
    if (!isBinary) void hub.receive(connection, raw.toString());
  });
  ws.on('close', () => void hub.disconnected(connection));
}

function clientIp(request: IncomingMessage, header: string | null): string {
  const value = header === null ? undefined : request.headers[header];
  const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return first || request.socket.remoteAddress || 'unknown';
}
