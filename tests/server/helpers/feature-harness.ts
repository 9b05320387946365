import { Hono } from 'hono';
import type { Db } from '../../../server/db/open.ts';
import { createTenant } from '../../../server/features/tenants/create-tenant.ts';
import { demoOperatorKey, demoTenants } from '../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../server/features/users/tokens.ts';
import { resolveActor } from '../../../server/http/actor.ts';
import type { AppEnv } from '../../../server/http/context.ts';
import { createErrorHandler, notFoundHandler } from '../../../server/http/on-error.ts';
import { requireOpenTenant, resolveTenant } from '../../../server/http/tenant.ts';
import { silentLog } from './app.ts';

/**
 * Pieces of a feature's test harness: two demo tenants, a recording realtime
 * publisher, the feature's routes mounted as server/app.ts mounts them, a
 * JSON caller and players with tokens.
 */

export interface Tenant {
  id: number;
  casinoId: number;
  host: string;
  key: string;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Published {
  channels: string[];
  event: string;
  data: Record<string, unknown>;
}

/** One demo tenant (`localhost`, `sorte.localhost`…), as created by the demo seed. */
export async function demoTenant(db: Db, domain: string): Promise<Tenant> {
  const created = (await createTenant(db, demoTenants().find((t) => t.domain === domain)!))!;
  return { id: created.id, casinoId: created.config.casino_id, host: domain, key: demoOperatorKey(domain) };
}

/** `localhost` and `sorte.localhost`, as created by the demo seed. */
export async function twoDemoTenants(db: Db): Promise<{ local: Tenant; sorte: Tenant }> {
  return { local: await demoTenant(db, 'localhost'), sorte: await demoTenant(db, 'sorte.localhost') };
}

/** A realtime publisher that records what it sends, and can be made to fail (a failure must never undo the feature's work). */
export function recordingPublisher(): {
  published: Published[];
  publish: (channels: string[], event: string, data: unknown) => Promise<void>;
  fail(fail: boolean): void;
} {
  const published: Published[] = [];
  let fails = false;
  return {
    published,
    publish: async (channels, event, data) => {
      if (fails) throw new Error('realtime down');
      published.push({ channels, event, data: data as Record<string, unknown> });
    },
    fail: (fail) => (fails = fail),
  };
}

/** Operator routes under `/api/operator` outside the tenant middleware, player routes under `/api` behind it. */
export function featureApp(db: Db, routes: { operator: Hono<AppEnv>[]; tenant: Hono<AppEnv>[] }): Hono {
  const app = new Hono();
  app.onError(createErrorHandler(silentLog));
  app.notFound(notFoundHandler);
  const api = new Hono<AppEnv>();
  for (const r of routes.operator) api.route('/operator', r);
  const tenantApi = new Hono<AppEnv>();
  tenantApi.use(resolveTenant(db), resolveActor(db), requireOpenTenant);
  for (const r of routes.tenant) tenantApi.route('/', r);
  api.route('/', tenantApi);
  app.route('/api', api);
  return app;
}

/** Calls `/api{path}`: a JSON body (or a string or multipart form as is), the answer parsed as JSON. */
export function jsonCaller(app: Hono): (method: string, path: string, headers: Record<string, string>, body?: unknown) => Promise<Answer> {
  return async (method, path, headers, body) => {
    const json = body !== undefined && typeof body !== 'string' && !(body instanceof FormData);
    const res = await app.request(`/api${path}`, {
      method,
      headers: json ? { 'content-type': 'application/json', ...headers } : headers,
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as string | FormData) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

/** Makes players (`Jogador{n} Silva`, a unique phone as username) and their access tokens. */
export function playerMaker(db: Db): (tenant: Tenant, values?: Partial<typeof users.$inferInsert>) => Promise<{ userId: number; token: string }> {
  let n = 0;
  return async (tenant, values = {}) => {
    n += 1;
    const [row] = await db
      .insert(users)
      .values({ tenantId: tenant.id, name: `Jogador${n} Silva`, username: `+55119${String(n).padStart(8, '0')}`, ...values })
      .returning({ id: users.id });
    const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: tenant.id });
    return { userId: row!.id, token };
  };
}
