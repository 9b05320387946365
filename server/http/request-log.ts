import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { type Logger, withLogFields } from '../logger.ts';
import type { AppVariables } from './context.ts';

/** Header carrying the request id, in and out. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is 1–128 of [A-Za-z0-9._-], else a fresh UUID. */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && VALID_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The endpoint's pattern (`/api/house/rounds/:id`): the first matched route
 * registered for a method, so a 401 from a guard or a 404 thrown by the
 * handler still names the endpoint; else the pattern that answered
 * (`/api/*` for unknown API paths, `*` for the static sites).
 */
function routeOf(c: Context): string {
  return matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? routePath(c);
}

/**
 * First middleware of the app: gives every request an id (the proxy's
 * `X-Request-Id` when well-formed, else a UUID), echoes it on the response,
 * adds it to every log record written while the request runs, and writes
 * one `request` line when it ends: method, route pattern (not the raw path,
 * which holds ids), status, duration and the tenant when one was resolved.
 * Errors are already answers here (the app's onError runs inside).
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    await withLogFields({ request_id: requestId }, next);
    c.header(REQUEST_ID_HEADER, requestId);
    const tenant = (c.var as Partial<AppVariables>).tenant;
    log.info('request', {
      request_id: requestId,
      ...(tenant ? { tenant_id: tenant.id, tenant_domain: tenant.domain } : { host: c.req.header('host') ?? null }),
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
