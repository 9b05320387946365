import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { domainFromOrigin } from '../features/tenants/host.ts';
import { tenantOrigin } from '../features/tenants/origin.ts';
import { findTenantCached } from '../features/tenants/tenant-cache.ts';

/** Request headers a tenant's site may send cross-origin (identity, language, realtime socket, idempotency, tracing). */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Guest-ID',
  'lmcp',
  'Content-Type',
  'Accept-Language',
  'X-Socket-ID',
  'X-CSRF-TOKEN',
  'Idempotency-Key',
  'X-Request-Id',
];

/** Response headers a tenant's site may read cross-origin. */
export const CORS_EXPOSED_HEADERS = ['X-Request-Id'];

/**
 * Whether `origin` is exactly the public origin of a known tenant: its
 * domain with the scheme and port its site is served on (SITE_ORIGIN_SCHEME /
 * SITE_ORIGIN_PORT, see tenantOrigin). `null`, unknown hosts and a tenant's
 * host on another scheme or port are not.
 */
async function isTenantOrigin(deps: { db: Db; config: Config }, origin: string): Promise<boolean> {
  const domain = domainFromOrigin(origin);
  if (!domain) return false;
  const tenant = await findTenantCached(deps.db, domain);
  if (!tenant) return false;
  // domainFromOrigin parsed `origin` already: it is a URL.
  return new URL(origin).origin === tenantOrigin(deps.config, tenant.domain);
}

/**
 * CORS for the API: only the tenants' own sites may read answers
 * cross-origin (a site whose PUBLIC_API_URL is another host). Any other
 * origin — `null`, a stranger's page — gets no Access-Control-Allow-Origin,
 * so its browser keeps the answer from it. Same-origin calls need no CORS.
 */
export function tenantCors(deps: { db: Db; config: Config }): MiddlewareHandler {
  return cors({
    origin: async (origin) => ((await isTenantOrigin(deps, origin)) ? origin : null),
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  });
}
