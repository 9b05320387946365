import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Db } from '../../../../server/db/open.ts';
import { chatOperatorRoutes } from '../../../../server/features/chat/operator-routes.ts';
import { chatRoutes } from '../../../../server/features/chat/routes.ts';
import { createTenant } from '../../../../server/features/tenants/create-tenant.ts';
import { demoOperatorKey, demoTenants } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { resolveActor } from '../../../../server/http/actor.ts';
import type { AppEnv } from '../../../../server/http/context.ts';
import { createErrorHandler, notFoundHandler } from '../../../../server/http/on-error.ts';
import { requireOpenTenant, resolveTenant } from '../../../../server/http/tenant.ts';
import type { PrivacySettings } from '../../../../src/contract/validation/profile.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

export interface Published {
  channels: string[];
  event: string;
  data: Record<string, unknown>;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Tenant {
  id: number;
  casinoId: number;
  host: string;
  key: string;
}

export interface CallOptions {
  token?: string;
  guest?: boolean;
  lang?: string;
  host?: string;
  body?: unknown;
  /** Sent as multipart instead of `body`. */
  form?: FormData;
}

export interface ChatHarness {
  tdb: TestDatabase;
  db: Db;
  local: Tenant;
  sorte: Tenant;
  published: Published[];
  /** Where uploaded chat images are written (a fresh temporary folder). */
  imagesDir: string;
  failPublish(fail: boolean): void;
  /** The platform clock (message times, mutes, pins and the rate limiter). */
  now(): Date;
  advance(seconds: number): void;
  player(opts?: { tenant?: Tenant; name?: string; settings?: Partial<PrivacySettings> }): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: CallOptions): Promise<Answer>;
  /** The raw response of a call under `/api` (headers and bytes), as a visitor of `localhost`. */
  raw(method: string, path: string): Promise<Response>;
  operator(method: string, path: string, body?: unknown, opts?: { tenant?: Tenant; lang?: string }): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Two tenants (`localhost`, `sorte.localhost`), the chat routes wired as
 * server/app.ts does (operator calls outside the tenant middleware, player
 * calls behind it), a recording publisher, a clock the test moves and
 * uploaded images in a temporary folder, with URLs under `/api`.
 */
export async function chatHarness(): Promise<ChatHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const tenantOf = async (domain: string): Promise<Tenant> => {
    const created = (await createTenant(db, demoTenants().find((t) => t.domain === domain)!))!;
    return { id: created.id, casinoId: created.config.casino_id, host: domain, key: demoOperatorKey(domain) };
  };
  const local = await tenantOf('localhost');
  const sorte = await tenantOf('sorte.localhost');

  const published: Published[] = [];
  let publishFails = false;
  let now = new Date('2026-03-01T12:00:00Z');
  const deps = {
    db,
    log: silentLog,
    now: () => now,
    publish: async (channels: string[], event: string, data: unknown) => {
      if (publishFails) throw new Error('realtime down');
      published.push({ channels, event, data: data as Record<string, unknown> });
    },
  };

  const dataDir = await mkdtemp(join(tmpdir(), 'chat-images-'));
  const imagesDir = join(dataDir, 'chat-images');
  const app = new Hono();
  app.onError(createErrorHandler(silentLog));
  app.notFound(notFoundHandler);
  const api = new Hono<AppEnv>();
  api.route('/operator', chatOperatorRoutes(deps));
  const tenantApi = new Hono<AppEnv>();
  tenantApi.use(resolveTenant(db), resolveActor(db), requireOpenTenant);
  tenantApi.route('/', chatRoutes({ ...deps, dataDir, apiBase: '/api' }));
  api.route('/', tenantApi);
  app.route('/api', api);

  let n = 0;
  const request = async (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: body === undefined || body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  return {
    tdb,
    db,
    local,
    sorte,
    published,
    imagesDir,
    failPublish: (fail) => (publishFails = fail),
    now: () => now,
    advance: (seconds) => (now = new Date(now.getTime() + seconds * 1000)),
    async player(o = {}) {
      n += 1;
      const tenant = o.tenant ?? local;
      const [row] = await db
        .insert(users)
        .values({
          tenantId: tenant.id,
          name: o.name ?? `Jogador${n} Silva`,
          username: `+55119${String(n).padStart(8, '0')}`,
          ...(o.settings ? { settings: { hide_username: false, hide_statistics: false, hide_activity: false, hide_played_games: false, hide_battle_rewards: false, hide_all: false, receive_promotions_email: false, ...o.settings } } : {}),
        })
        .returning({ id: users.id });
      const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: tenant.id });
      return { userId: row!.id, token };
    },
    call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': o.lang ?? 'en' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.guest) headers['guest-id'] = 'guest-abcdef123456';
      return request(method, path, headers, o.form ?? o.body);
    },
    raw: async (method, path) => app.request(`/api${path}`, { method, headers: { host: 'localhost' } }),
    operator(method, path, body, o = {}) {
      const tenant = o.tenant ?? local;
      return request(method, `/operator${path}`, { host: tenant.host, 'x-operator-key': tenant.key, 'accept-language': o.lang ?? 'en' }, body);
    },
    close: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await tdb.close();
    },
  };
}
