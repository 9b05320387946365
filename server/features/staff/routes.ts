import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { ROLE_AREAS, type StaffSessionView } from '../../../src/contract/backoffice.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv, TenantContext } from '../../http/context.ts';
import { DomainError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../http/errors.ts';
import { clientIp } from '../../http/client-ip.ts';
import { appendAudit } from './audit.ts';
import { requestDomain } from '../../http/tenant.ts';
import { findTenantByDomain, findTenantById } from '../tenants/find-tenant.ts';
import type { StaffDeps } from './deps.ts';
import { countSignInAttempt, staffCodeStep, staffPasswordStep } from './login.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { STAFF_COOKIE, STAFF_CSRF_HEADER, STAFF_SESSION } from './policy.ts';
import { staffView } from './present.ts';
import type { StaffUserRow } from './schema.ts';
import { endStaffSession, findStaffSession } from './sessions.ts';

const site = v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(253, 'must be at most 253 characters')));
const PasswordBody = v.object({
  site,
  email: v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(254, 'must be at most 254 characters')),
  password: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(200, 'must be at most 200 characters')),
});
const CodeBody = v.object({
  site,
  challenge: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(200, 'is too long')),
  code: v.pipe(v.string('is required'), v.trim(), v.regex(/^\d{3}\s?\d{3}$/, 'must be the 6 digits of your authenticator app')),
});

/**
 * The tenant a back-office login is for: the host's own tenant when the
 * back office is opened on a tenant's domain (a different `site` is refused),
 * else the `site` the form names (the back office on the platform's own host).
 */
async function loginTenant(c: Context<AppEnv>, deps: StaffDeps, named: string | undefined): Promise<TenantContext> {
  const domain = requestDomain(c);
  const host = domain ? await findTenantByDomain(deps.db, domain) : null;
  if (host) {
    if (named && named.toLowerCase() !== host.domain) throw new ForbiddenError('operator_wrong_tenant', { message: STAFF_MESSAGES.siteUnknown });
    return host;
  }
  if (!named) throw new UnauthorizedError('staff_site_required', { message: STAFF_MESSAGES.siteRequired });
  const tenant = await findTenantByDomain(deps.db, named);
  if (!tenant) throw new NotFoundError('tenant_not_found', { message: STAFF_MESSAGES.siteUnknown });
  return tenant;
}

function sessionView(staff: StaffUserRow, tenant: TenantContext, expiresAt: Date): StaffSessionView {
  return {
    staff: staffView(staff),
    tenant: { domain: tenant.domain, siteTitle: tenant.config.siteTitle },
    areas: [...ROLE_AREAS[staff.role]],
    expiresAt: expiresAt.toISOString(),
    idleMinutes: STAFF_SESSION.idleMinutes,
  };
}

/**
 * The back office's sign-in, under `/api/backoffice` (no-store):
 * - `POST /login {site?, email, password}` → the TOTP step (or enrolment);
 * - `POST /login/code {challenge, code}` → sets the HttpOnly, SameSite=Strict
 *   session cookie and answers the session;
 * - `GET /session` → the session (401 once it ended);
 * - `POST /logout` ends it.
 * Both sign-in steps count against one per-IP limit (policy.ts
 * STAFF_SIGN_IN_PER_IP) before the site is even looked up: 429 with
 * `retry_in` past it (not audited: it has no tenant, and a spray would
 * flood the log).
 * The session then authorises the operator API (server/features/operator/auth.ts).
 */
export function staffLoginRoutes(deps: StaffDeps): Hono<AppEnv> {
  /** Sign-ins and sign-outs go to the audit log too, the refused ones with the e-mail that was typed. */
  const record = (c: Context<AppEnv>, tenantId: number, action: string, status: number, staff: StaffUserRow | null, typedEmail: string | null) =>
    appendAudit(deps.db, {
      tenantId,
      actor: { kind: 'staff', staffId: staff?.id ?? null, email: staff?.email ?? typedEmail?.trim().toLowerCase().slice(0, 254) ?? null, role: staff?.role ?? null },
      action,
      method: c.req.method,
      path: c.req.path.replace(/^.*\/backoffice/, '/backoffice'),
      status,
      ip: clientIp(c, deps.clientIpHeader),
      request: null,
      before: null,
      after: null,
    });
  async function audited<T>(c: Context<AppEnv>, tenant: TenantContext, action: string, typedEmail: string | null, step: () => Promise<T>): Promise<T> {
    try {
      const done = await step();
      const staff = (done as { staff?: StaffUserRow }).staff;
      if (staff) await record(c, tenant.id, action, 200, staff, null);
      return done;
    } catch (error) {
      if (error instanceof DomainError) await record(c, tenant.id, action, error.status, null, typedEmail);
      throw error;
    }
  }
  const cookieOptions = { httpOnly: true, sameSite: 'Strict', path: '/api', secure: deps.secureCookie } as const;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .post('/login', async (c) => {
      const body = await readBody(c, PasswordBody);
      await countSignInAttempt(deps, clientIp(c, deps.clientIpHeader));
      const tenant = await loginTenant(c, deps, body.site);
      const step = await audited(c, tenant, 'backoffice.password', body.email, () => staffPasswordStep(deps, tenant, body));
      return c.json(step);
    })
    .post('/login/code', async (c) => {
      const body = await readBody(c, CodeBody);
      await countSignInAttempt(deps, clientIp(c, deps.clientIpHeader));
      const tenant = await loginTenant(c, deps, body.site);
      // Whose code it is, so that a wrong one is on record under their name.
      const waiting = await findStaffSession(deps.db, body.challenge, deps.now(), true);
      const { token, staff, expiresAt } = await audited(c, tenant, 'backoffice.code', waiting?.staff.email ?? null, () => staffCodeStep(deps, tenant, body));
      setCookie(c, STAFF_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      deps.log.info(`backoffice: ${staff.email} (${staff.role}) signed in to ${tenant.domain}`);
      return c.json(sessionView(staff, tenant, expiresAt));
    })
    .get('/session', async (c) => {
      const token = getCookie(c, STAFF_COOKIE);
      const session = token && c.req.header(STAFF_CSRF_HEADER) === '1' ? await findStaffSession(deps.db, token, deps.now()) : null;
      const tenant = session ? await findTenantById(deps.db, session.staff.tenantId) : null;
      if (!session || !tenant) throw new UnauthorizedError('staff_session_expired', { message: STAFF_MESSAGES.sessionExpired });
      return c.json(sessionView(session.staff, tenant, session.expiresAt));
    })
    .post('/logout', async (c) => {
      const token = getCookie(c, STAFF_COOKIE);
      const session = token ? await findStaffSession(deps.db, token, deps.now()) : null;
      if (session) {
        await endStaffSession(deps.db, session.sessionId, deps.now());
        await record(c, session.staff.tenantId, 'backoffice.logout', 204, session.staff, null);
      }
      deleteCookie(c, STAFF_COOKIE, cookieOptions);
      return c.body(null, 204);
    });
}
