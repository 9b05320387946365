import { Hono } from 'hono';
import type { Db } from '../../../../server/db/open.ts';
import { houseRoutes } from '../../../../server/features/house/routes.ts';
import { resolveActor } from '../../../../server/http/actor.ts';
import type { AppEnv } from '../../../../server/http/context.ts';
import { createErrorHandler, notFoundHandler } from '../../../../server/http/on-error.ts';
import { requireOpenTenant, resolveTenant } from '../../../../server/http/tenant.ts';
import { createTenant } from '../../../../server/features/tenants/create-tenant.ts';
import { demoTenants } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { silentLog } from '../../helpers/app.ts';

/**
 * A tiny app wired like server/app.ts does for feature routes: `/api`, the
 * tenant, actor and open-tenant middleware, the one error handler. (Not the
 * full createApp, so these tests do not depend on the rest of the wiring.)
 */
export function miniApp(db: Db, routes: Hono<AppEnv>[]): Hono {
  const app = new Hono();
  app.onError(createErrorHandler(silentLog));
  app.notFound(notFoundHandler);
  const api = new Hono<AppEnv>();
  api.use(resolveTenant(db), resolveActor(db), requireOpenTenant);
  for (const r of routes) api.route('/', r);
  app.route('/api', api);
  return app;
}

export interface Published {
  channels: string[];
  event: string;
  data: Record<string, unknown>;
}

export interface HouseHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  tenantId: number;
  casinoId: number;
  published: Published[];
  /** Makes publish throw (to prove failures never undo a round). */
  failPublish(fail: boolean): void;
  /** A player row and a bearer token for it. */
  player(name?: string): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: { body?: unknown; token?: string; guest?: string; lang?: string }): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The real app (tenant + actor middleware) with the house routes mounted as `extraRoutes` and a recording publisher. */
export async function houseHarness(): Promise<HouseHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  // The demo `localhost` tenant only (no demo catalogue: these tests need none).
  const tenant = (await createTenant(db, demoTenants().find((t) => t.domain === 'localhost')!))!;
  const published: Published[] = [];
  let failing = false;
  const publish = async (channels: string[], event: string, data: unknown) => {
    if (failing) throw new Error('realtime down');
    published.push({ channels, event, data: data as Record<string, unknown> });
  };
  const app = miniApp(db, [houseRoutes({ db, publish, log: silentLog })]);
  let n = 0;
  return {
    tdb,
    db,
    app,
    tenantId: tenant.id,
    casinoId: tenant.config.casino_id,
    published,
    failPublish: (fail) => (failing = fail),
    async player(name = 'Maria Silva Souza') {
      n += 1;
      const [row] = await db.insert(users).values({ tenantId: tenant.id, name, username: `+55119${String(n).padStart(8, '0')}` }).returning({ id: users.id });
      const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: tenant.id });
      return { userId: row!.id, token };
    },
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { host: 'localhost' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.guest) headers['guest-id'] = o.guest;
      if (o.lang) headers['accept-language'] = o.lang;
      let body: string | undefined;
      if (o.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      }
      const res = await app.request(`/api${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    close: () => tdb.close(),
  };
}
