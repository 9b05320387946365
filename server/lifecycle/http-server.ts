import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { messageLocale, statusMessage } from '../http/messages.ts';

/** Bounds on what one connection may hold, so idle or slow clients cannot pile up sockets. */
export interface HttpTimeouts {
  /** Time a client has to send a request's headers; then 408 and the connection closes. */
  headersMs: number;
  /** Time a client has to send a whole request (headers and body); then 408. */
  requestMs: number;
  /** How long a keep-alive connection may stay idle between requests. */
  keepAliveMs: number;
  /**
   * Inactivity after which any socket is closed: one that never sends a
   * request (the headers bound only starts with the first byte), or a
   * response that stalls this long.
   */
  idleSocketMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, idleSocketMs: 60_000 };

/** Seconds a refused client is asked to wait (another node should answer it sooner). */
const DRAINING_RETRY_AFTER_SECONDS = 1;

export interface HttpServer {
  server: Server;
  port: number;
  /** True from the moment `drain` is called. */
  isDraining(): boolean;
  /**
   * Graceful stop: no new connections; requests arriving from now on, also on
   * open keep-alive connections, get 503 with `Connection: close` and
   * `Retry-After`; requests in flight finish and their connections close
   * after the answer. Resolves when no connection is left.
   */
  drain(): Promise<void>;
  /** Cuts every connection still open (the shutdown deadline has passed). */
  destroy(): void;
}

/**
 * Serves `fetch` (the Hono app) on `port`/`host` over Node's HTTP server with
 * the given timeouts, tracking requests in flight so it can drain.
 */
export function listenHttp(
  fetch: (request: Request) => Response | Promise<Response>,
  opts: { port: number; host: string; timeouts?: Partial<HttpTimeouts> },
): Promise<HttpServer> {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.timeouts };
  const listener = getRequestListener(fetch, { hostname: opts.host });
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two bounds above (its default, 30 s, would let small bounds overrun).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    (req, res) => {
      if (draining) {
        refuse(req, res);
        return;
      }
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        // A keep-alive connection whose last answer went out while draining is idle now: close it.
        if (draining) setImmediate(() => server.closeIdleConnections());
      });
      void listener(req, res);
    },
  );
  server.timeout = timeouts.idleSocketMs;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        isDraining: () => draining,
        drain() {
          draining = true;
          const closed = new Promise<void>((done) => server.close(() => done()));
          server.closeIdleConnections();
          // Answers not started yet close their connection once sent.
          for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
          return closed;
        },
        destroy() {
          server.closeAllConnections();
        },
      });
    });
  });
}

/** The answer to a request arriving while the server drains: go elsewhere (the load balancer retries another node). */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ message: statusMessage(503, messageLocale(req.headers['accept-language'])) });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': String(DRAINING_RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
  res.end(body);
}
