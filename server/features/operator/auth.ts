import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { areaOfOperatorPath, roleMayUse } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv, OperatorPrincipal, TenantContext } from '../../http/context.ts';
import { ForbiddenError, UnauthorizedError } from '../../http/errors.ts';
import { requestDomain } from '../../http/tenant.ts';
import type { Logger } from '../../logger.ts';
import { actorOf, appendAudit, auditAction, redactForAudit } from '../staff/audit.ts';
import { STAFF_MESSAGES } from '../staff/messages.ts';
import { STAFF_COOKIE, STAFF_CSRF_HEADER } from '../staff/policy.ts';
import { findStaffSession } from '../staff/sessions.ts';
import { findTenantByDomain, findTenantById } from '../tenants/find-tenant.ts';
import { findTenantByOperatorKey } from '../tenants/operator-key.ts';

/** Header carrying the operator API key. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

/** Bodies larger than this are logged by size only. */
const AUDIT_BODY_MAX = 64 * 1024;

/** The call's path under `/api/operator` (`/withdrawals/12/approve`). */
function operatorPath(c: Context): string {
  const full = c.req.path;
  const at = full.indexOf('/operator');
  return at === -1 ? full : full.slice(at + '/operator'.length) || '/';
}

async function authenticate(c: Context<AppEnv>, db: Db): Promise<{ principal: OperatorPrincipal; tenant: TenantContext }> {
  const key = c.req.header(OPERATOR_KEY_HEADER)?.trim();
  if (key) {
    const tenant = await findTenantByOperatorKey(db, key);
    if (!tenant) throw new UnauthorizedError('operator_key_invalid');
    return { principal: { kind: 'operator_key' }, tenant };
  }
  const token = getCookie(c, STAFF_COOKIE);
  if (!token) throw new UnauthorizedError('operator_key_missing');
  // The cookie goes with any request to this host; only the back office's own calls carry this header.
  if (c.req.header(STAFF_CSRF_HEADER) !== '1') throw new ForbiddenError('backoffice_header_missing', { message: STAFF_MESSAGES.csrfHeader });
  const session = await findStaffSession(db, token, new Date());
  if (!session) throw new UnauthorizedError('staff_session_expired', { message: STAFF_MESSAGES.sessionExpired });
  const tenant = await findTenantById(db, session.staff.tenantId);
  if (!tenant) throw new UnauthorizedError('staff_session_expired', { message: STAFF_MESSAGES.sessionExpired });
  const { staff } = session;
  return { principal: { kind: 'staff', staffId: staff.id, email: staff.email, role: staff.role, sessionId: session.sessionId }, tenant };
}

async function requestForAudit(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('json')) {
    const length = Number(c.req.header('content-length') ?? 0);
    return length > 0 ? { contentType: type, bytes: length } : null;
  }
  const text = await c.req.raw.clone().text();
  if (text.length > AUDIT_BODY_MAX) return { contentType: type, bytes: text.length };
  try {
    return redactForAudit(JSON.parse(text));
  } catch {
    return { unreadable: text.slice(0, 200) };
  }
}

async function responseForAudit(res: Response): Promise<unknown> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return null;
  const text = await res.clone().text();
  if (text.length > AUDIT_BODY_MAX) return { bytes: text.length };
  try {
    return redactForAudit(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Authenticates and authorises an operator call, and writes its audit row.
 *
 * - `X-Operator-Key` (automation) acts with every right on the key's tenant.
 * - Otherwise the back office's session cookie (with the `X-Backoffice`
 *   header): the staff member's role must cover the call's area
 *   (`areaOfOperatorPath`; a call in no area is admin-only), else 403.
 * - No credential, or one nobody holds → 401. A request addressed (by Origin
 *   or Host) to another existing tenant → 403: a credential only ever acts on
 *   its own tenant; a host that is no tenant acts on the credential's.
 * - Every call that is not a read (refused ones too) is appended to the
 *   audit log with its outcome, the redacted request (or what the route
 *   records in its place, `auditRequest`), the state before (when the route
 *   says it) and the answer. A body that is not JSON is recorded by type and
 *   size only.
 *
 * Feature routes each declare it; the first run authenticates and the later
 * ones see `operator` set and pass through, so a call is checked and logged once.
 */
export function requireOperator(db: Db, opts: { clientIpHeader?: string | null; log?: Logger } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('operator')) return next();
    const isWrite = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const { principal, tenant } = await authenticate(c, db);
    const request = isWrite ? await requestForAudit(c) : null;
    const path = operatorPath(c);
    const audit = (status: number, after: unknown) =>
      appendAudit(db, {
        tenantId: tenant.id,
        actor: actorOf(principal),
        action: auditAction(c.req.method, path),
        method: c.req.method,
        path,
        status,
        ip: clientIp(c, opts.clientIpHeader ?? null),
        request: c.get('auditRequest') ?? request,
        before: c.get('auditBefore'),
        after,
      });
    const domain = requestDomain(c);
    const addressed = domain ? await findTenantByDomain(db, domain) : null;
    if (addressed && addressed.id !== tenant.id) throw new ForbiddenError('operator_wrong_tenant');
    if (principal.kind === 'staff' && !roleMayUse(principal.role, areaOfOperatorPath(path))) {
      // A refused attempt is on record too: who tried what they may not do.
      await audit(403, null);
      throw new ForbiddenError('staff_role_forbidden', { message: STAFF_MESSAGES.roleForbidden });
    }
    c.set('tenant', tenant);
    c.set('actor', null);
    c.set('lmcp', null);
    c.set('operator', principal);
    await next();
    if (!isWrite) return;
    try {
      await audit(c.res.status, await responseForAudit(c.res));
    } catch (error) {
      // The call's own work is done (and committed): failing its answer now would only make the caller retry it.
      if (!opts.log) throw error;
      opts.log.error(`audit: could not record ${c.req.method} ${path} of tenant ${tenant.id}`, error);
    }
  };
}

/** Who to name as the reviewer of a document or withdrawal: the staff member's e-mail, or `operator-key`. */
export function operatorName(c: Context<AppEnv>): string {
  const who = c.get('operator');
  return who?.kind === 'staff' ? `staff:${who.email}` : 'operator-key';
}

