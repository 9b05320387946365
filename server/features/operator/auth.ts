import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { ForbiddenError, UnauthorizedError } from '../../http/errors.ts';
import { requestDomain } from '../../http/tenant.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { findTenantByOperatorKey } from '../tenants/operator-key.ts';

/** Header carrying the operator API key. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

/**
 * Authenticates an operator by `X-Operator-Key` and sets `tenant` to the
 * key's own tenant. No key, or a key nobody holds → 401. A request addressed
 * (by Origin or Host) to another existing tenant → 403: a key only ever acts
 * on its own tenant. Requests to a host that is no tenant (a shared API host)
 * act on the key's tenant.
 */
export function requireOperator(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(OPERATOR_KEY_HEADER)?.trim();
    if (!key) throw new UnauthorizedError('operator_key_missing');
    const tenant = await findTenantByOperatorKey(db, key);
    if (!tenant) throw new UnauthorizedError('operator_key_invalid');
    const domain = requestDomain(c);
    const addressed = domain ? await findTenantByDomain(db, domain) : null;
    if (addressed && addressed.id !== tenant.id) throw new ForbiddenError('operator_wrong_tenant');
    c.set('tenant', tenant);
    c.set('actor', null);
    c.set('lmcp', null);
    await next();
  };
}
