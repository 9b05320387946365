import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import Pusher, { type Options } from 'pusher-js';
import PusherServer from 'pusher';
import { WebSocket } from 'ws';
import type { Actor, AppEnv, TenantContext } from '../../../server/http/context.ts';
import { createErrorHandler } from '../../../server/http/on-error.ts';
import { createLogger } from '../../../server/logger.ts';
import {
  authorizeChannel,
  broadcastingRoutes,
  channelPolicy,
  createRealtimeServer,
  redisReachable as probeRedis,
  type RealtimeServer,
  type RealtimeServerOptions,
} from '../../../server/realtime/index.ts';

export const APP = { appId: 'app-id', key: 'app-key', secret: 'app-secret' } as const;
export const CASINO_ID = 7;

/** Everything a test opened, closed in reverse order by {@link closeAll}. */
const closers: Array<() => Promise<void> | void> = [];

export function onCleanup(close: () => Promise<void> | void): void {
  closers.push(close);
}

export async function closeAll(): Promise<void> {
  while (closers.length > 0) await closers.pop()!();
}

export async function startRealtime(overrides: Partial<RealtimeServerOptions> = {}): Promise<{ server: RealtimeServer; port: number }> {
  const server = createRealtimeServer({ ...APP, logger: () => {}, ...overrides });
  const { port } = await server.listen(0, '127.0.0.1');
  onCleanup(() => server.close());
  return { server, port };
}

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; without it the multi-node tests are skipped (single-node mode needs none). */
export const redisReachable = (): Promise<boolean> => probeRedis(redisUrl);

export function tenant(casinoId = CASINO_ID): TenantContext {
  // Only the id (which casino_id always equals) matters to the channel policy; the rest of the config is irrelevant here.
  return { id: casinoId, domain: 'localhost', status: 'active', config: { casino_id: casinoId } as TenantContext['config'] };
}

/**
 * A tiny platform stand-in: broadcastingRoutes behind a fake middleware
 * that reads the actor from the `x-test-actor` header (JSON) — the real
 * middleware resolves Guest-ID / bearer tokens.
 */
export async function startAuthServer(secret: string = APP.secret): Promise<string> {
  const app = new Hono<AppEnv>();
  // The platform's one error mapping: the routes' refusals are DomainErrors.
  app.onError(createErrorHandler(createLogger('silent')));
  app.use(async (c, next) => {
    const header = c.req.header('x-test-actor');
    c.set('actor', header ? (JSON.parse(header) as Actor) : null);
    c.set('tenant', tenant());
    c.set('lmcp', null);
    await next();
  });
  app.route('/', broadcastingRoutes({ key: APP.key, secret, canJoin: channelPolicy }));
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('auth server has no port');
  return `http://127.0.0.1:${address.port}`;
}

export const userActor = (userId: number, name: string): Actor => ({ kind: 'user', userId, name, tokenId: 1 });
export const guestActor = (guestId: string): Actor => ({ kind: 'guest', guestId });

/** The options pusher-js needs to reach the local server over plain ws. */
export function clientOptions(port: number, authBase?: string, actor?: Actor): Options {
  const headers: Record<string, string> = actor ? { 'x-test-actor': JSON.stringify(actor) } : {};
  return {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    ...(authBase
      ? {
          channelAuthorization: { endpoint: `${authBase}/broadcasting/auth`, transport: 'ajax', headers },
          userAuthentication: { endpoint: `${authBase}/broadcasting/user-auth`, transport: 'ajax', headers },
        }
      : {}),
  };
}

/** A connected unmodified pusher-js client. */
export async function connectPusher(port: number, authBase?: string, actor?: Actor): Promise<Pusher> {
  const client = new Pusher(APP.key, clientOptions(port, authBase, actor));
  onCleanup(() => client.disconnect());
  await new Promise<void>((resolve, reject) => {
    client.connection.bind('connected', () => resolve());
    client.connection.bind('failed', () => reject(new Error('pusher-js connection failed')));
  });
  return client;
}

/** The official server SDK pointed at the local server. */
export function sdk(port: number, secret: string = APP.secret): PusherServer {
  return new PusherServer({ appId: APP.appId, key: APP.key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
}

/** Resolves with the first value `register` hands to its callback, or rejects after `ms`. */
export function nextValue<T>(register: (done: (value: T) => void) => void, ms = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** Resolves when a pusher-js channel's subscription succeeds, rejects on subscription_error. */
export function subscribed(client: Pusher, channelName: string): Promise<unknown> {
  const channel = client.subscribe(channelName);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', resolve);
    channel.bind('pusher:subscription_error', (error: unknown) => reject(Object.assign(new Error('subscription_error'), { detail: error })));
  });
}

/** A frame's `data`, parsed when it came as a JSON string. */
export const dataOf = (frame: { data?: unknown }): Record<string, unknown> =>
  (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as Record<string, unknown>;

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A raw WebSocket client for protocol-level checks, recording every frame and the close code. */
export class RawClient {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  /** The transport error, such as a refused upgrade. */
  error: Error | null = null;
  private readonly ws: WebSocket;
  private readonly waiters: Array<() => void> = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      this.notify();
    });
    this.ws.on('error', (error) => {
      this.error = error;
    });
    this.ws.on('close', (code) => {
      this.closeCode = code;
      this.notify();
    });
    onCleanup(() => this.ws.terminate());
  }

  static async connect(
    port: number,
    path = `/app/${APP.key}?protocol=7&client=js&version=8.6.0`,
    headers: Record<string, string> = {},
  ): Promise<RawClient> {
    const client = new RawClient(`ws://127.0.0.1:${port}${path}`, headers);
    await client.waitFor((f) => f.event === 'pusher:connection_established' || f.event === 'pusher:error');
    return client;
  }

  send(frame: Frame): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends text as is (oversized or malformed frames). */
  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The first frame (already received or coming) matching `predicate`. */
  async waitFor(predicate: (frame: Frame) => boolean, ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async waitForClose(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('socket not closed');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.closeCode;
  }

  /** Subscribes with a valid signature, as `userId` on a presence channel; resolves with the answer frame. */
  async subscribeSigned(channel: string, userId?: string, userInfo: Record<string, unknown> = {}): Promise<Frame> {
    const presence = userId === undefined ? undefined : { user_id: userId, user_info: userInfo };
    const signed = authorizeChannel({ ...APP, socketId: this.socketId, channelName: channel, ...(presence ? { presence } : {}) });
    this.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
    return this.waitFor(
      (f) => f.channel === channel && (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error'),
    );
  }

  get socketId(): string {
    const established = this.frames.find((f) => f.event === 'pusher:connection_established');
    return (JSON.parse(String(established?.data)) as { socket_id: string }).socket_id;
  }

  private notify(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
