import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/open.ts';
import { isInMaintenance } from '../features/tenants/context.ts';
import { findTenantCached } from '../features/tenants/tenant-cache.ts';
import { domainFromOrigin, normalizeDomain } from '../features/tenants/host.ts';
import type { AppEnv } from './context.ts';
import { DomainError, NotFoundError } from './errors.ts';

/** The preloader's "platform not found" wording, used when no tenant serves the domain. */
export const TENANT_NOT_FOUND_MESSAGE = { pt: 'Plataforma não encontrada.', en: 'Platform not found.' };

/**
 * Which domain a request is for: the `domain` query parameter when the route
 * allows it (the site's same-origin `/api/site-config?domain=`), else the
 * `Origin` header's host (a site calling a shared API host), else `Host`.
 */
export function requestDomain(c: Context, opts: { fromQuery?: boolean } = {}): string | null {
  if (opts.fromQuery) {
    const fromQuery = c.req.query('domain');
    if (fromQuery) return normalizeDomain(fromQuery);
  }
  return domainFromOrigin(c.req.header('origin')) ?? normalizeDomain(c.req.header('host'));
}

/**
 * Sets `tenant` (read through the short-lived tenant cache). An unknown domain answers 404 with the platform-not-found
 * message and `systemExists: false`; it never falls back to another tenant.
 */
export function resolveTenant(db: Db, opts: { fromQuery?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const domain = requestDomain(c, opts);
    const tenant = domain ? await findTenantCached(db, domain) : null;
    if (!tenant) {
      throw new NotFoundError('tenant_not_found', { message: TENANT_NOT_FOUND_MESSAGE, details: { systemExists: false } });
    }
    c.set('tenant', tenant);
    await next();
  };
}

/** Player-facing calls of a tenant in maintenance answer 402 (the site shows its maintenance screen). */
export const requireOpenTenant: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isInMaintenance(c.get('tenant'))) throw new DomainError('tenant_in_maintenance', 402, undefined, { details: { maintenance: true } });
  await next();
};
