import { Hono } from 'hono';
import type { Db } from '../../../../server/db/open.ts';
import type { PushMessage, PushTarget } from '../../../../server/features/notifications/deps.ts';
import { notificationOperatorRoutes } from '../../../../server/features/notifications/operator-routes.ts';
import { notificationRoutes } from '../../../../server/features/notifications/routes.ts';
import { createTenant } from '../../../../server/features/tenants/create-tenant.ts';
import { demoOperatorKey, demoTenants } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { resolveActor } from '../../../../server/http/actor.ts';
import type { AppEnv } from '../../../../server/http/context.ts';
import { createErrorHandler, notFoundHandler } from '../../../../server/http/on-error.ts';
import { requireOpenTenant, resolveTenant } from '../../../../server/http/tenant.ts';
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

export interface NotificationsHarness {
  tdb: TestDatabase;
  db: Db;
  local: Tenant;
  sorte: Tenant;
  published: Published[];
  pushed: Array<{ target: PushTarget; message: PushMessage }>;
  /** Makes publish / push throw (failures must never fail a notification). */
  failPublish(fail: boolean): void;
  failPush(fail: boolean): void;
  /** The clock of read and creation times. */
  setNow(date: Date): void;
  player(opts?: { tenant?: Tenant; language?: 'pt' | 'en' }): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: { token?: string; lang?: string; host?: string }): Promise<Answer>;
  operator(body: unknown, opts?: { tenant?: Tenant; lang?: string }): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Two tenants (`localhost`, `sorte.localhost`), the notification routes
 * wired as server/app.ts does (operator calls outside the tenant middleware,
 * player calls behind it), a recording publisher and push sender.
 */
export async function notificationsHarness(): Promise<NotificationsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const tenantOf = async (domain: string): Promise<Tenant> => {
    const created = (await createTenant(db, demoTenants().find((t) => t.domain === domain)!))!;
    return { id: created.id, casinoId: created.config.casino_id, host: domain, key: demoOperatorKey(domain) };
  };
  const local = await tenantOf('localhost');
  const sorte = await tenantOf('sorte.localhost');

  const published: Published[] = [];
  const pushed: NotificationsHarness['pushed'] = [];
  let publishFails = false;
  let pushFails = false;
  let now = new Date('2026-03-01T12:00:00Z');
  const deps = {
    db,
    log: silentLog,
    now: () => now,
    publish: async (channels: string[], event: string, data: unknown) => {
      if (publishFails) throw new Error('realtime down');
      published.push({ channels, event, data: data as Record<string, unknown> });
    },
    push: async (target: PushTarget, message: PushMessage) => {
      pushed.push({ target, message });
      if (pushFails) throw new Error('push service down');
    },
  };

  const app = new Hono();
  app.onError(createErrorHandler(silentLog));
  app.notFound(notFoundHandler);
  const api = new Hono<AppEnv>();
  api.route('/operator', notificationOperatorRoutes(deps));
  const tenantApi = new Hono<AppEnv>();
  tenantApi.use(resolveTenant(db), resolveActor(db), requireOpenTenant);
  tenantApi.route('/', notificationRoutes(deps));
  api.route('/', tenantApi);
  app.route('/api', api);

  let n = 0;
  const request = async (method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
    const res = await app.request(`/api${path}`, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  return {
    tdb,
    db,
    local,
    sorte,
    published,
    pushed,
    failPublish: (fail) => (publishFails = fail),
    failPush: (fail) => (pushFails = fail),
    setNow: (date) => (now = date),
    async player(o = {}) {
      n += 1;
      const tenant = o.tenant ?? local;
      const [row] = await db
        .insert(users)
        .values({ tenantId: tenant.id, name: `Jogador ${n} Silva`, username: `+55119${String(n).padStart(8, '0')}`, language: o.language ?? 'pt' })
        .returning({ id: users.id });
      const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: tenant.id });
      return { userId: row!.id, token };
    },
    call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': o.lang ?? 'en' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      return request(method, path, headers);
    },
    operator(body, o = {}) {
      const tenant = o.tenant ?? local;
      return request(
        'POST',
        '/operator/notifications',
        { host: tenant.host, 'x-operator-key': tenant.key, 'content-type': 'application/json', 'accept-language': o.lang ?? 'en' },
        body,
      );
    },
    close: () => tdb.close(),
  };
}
