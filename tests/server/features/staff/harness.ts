import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { StaffLoginStep, StaffRole } from '../../../../src/contract/backoffice.ts';
import { DEVELOPMENT_DEFAULTS } from '../../../../server/config-production.ts';
import { staffUsers } from '../../../../server/features/staff/schema.ts';
import { totpCode } from '../../../../server/features/staff/totp.ts';
import { parseTotpKey, readTotpSecret } from '../../../../server/features/staff/totp-secret.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import type { Tenant } from '../../helpers/feature-harness.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { fullApp } from '../../helpers/full-app.ts';

export const SORTE = 'sorte.localhost';
export const SORTE_KEY = demoOperatorKey(SORTE);
export const PASSWORD = 'a-long-staff-password';
/** The key the harness's platform seals TOTP secrets with (STAFF_TOTP_KEY unset: the development default). */
export const TOTP_KEY = parseTotpKey(DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY);
/** The header the harness's platform reads the caller's IP from (CLIENT_IP_HEADER). */
export const IP_HEADER = 'x-test-ip';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * The platform in-process with the demo tenants, and helpers to sign staff in
 * as the back office does. Every request comes from one IP unless `ip` says
 * otherwise, so the per-IP sign-in limit is scaled up (IP_RATE_LIMIT_SCALE
 * 100) unless `env` sets it.
 */
export async function staffHarness(env: Record<string, string> = {}) {
  const tdb: TestDatabase = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  const app: Hono = fullApp(tdb.handle.db, { CLIENT_IP_HEADER: IP_HEADER, IP_RATE_LIMIT_SCALE: '100', ...env });

  async function request(method: string, path: string, opts: { body?: unknown; cookie?: string; key?: string; host?: string; noCsrf?: boolean; ip?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { host: opts.host ?? SORTE, 'content-type': 'application/json', 'accept-language': 'en' };
    if (opts.ip) headers[IP_HEADER] = opts.ip;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.cookie && !opts.noCsrf) headers['x-backoffice'] = '1';
    if (opts.key) headers['x-operator-key'] = opts.key;
    const res = await app.request(`/api${path}`, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) });
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { text };
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** The account's TOTP secret in clear (the column holds it sealed). */
  async function secretOf(email: string): Promise<string> {
    const [row] = await tdb.handle.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    const read = readTotpSecret(row!.totpSecret!, TOTP_KEY);
    if (read.status === 'unreadable') throw new Error(`the TOTP secret of ${email} does not decrypt`);
    return read.secret;
  }

  /** A staff account made with the operator key. */
  async function createStaff(role: StaffRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@${SORTE}`): Promise<string> {
    const made = await request('POST', '/operator/staff', { key: SORTE_KEY, body: { email, name: `Staff ${role}`, role, password: PASSWORD } });
    if (made.status !== 201) throw new Error(`staff not created: ${made.status} ${JSON.stringify(made.body)}`);
    return email;
  }

  /**
   * Password, then the TOTP code (enrolling on the first login), as the back
   * office does; answers the session cookie. `at` picks the code's time step
   * (a later login of the same account needs a later step).
   */
  async function login(email: string, at = new Date()): Promise<string> {
    const first = await request('POST', '/backoffice/login', { body: { email, password: PASSWORD } });
    if (first.status !== 200) throw new Error(`password step: ${first.status} ${JSON.stringify(first.body)}`);
    const step = first.body as unknown as StaffLoginStep;
    const code = totpCode(await secretOf(email), at);
    const second = await request('POST', '/backoffice/login/code', { body: { challenge: step.challenge, code } });
    if (second.status !== 200) throw new Error(`code step: ${second.status} ${JSON.stringify(second.body)}`);
    const cookie = second.headers.get('set-cookie')!.split(';')[0]!;
    return cookie;
  }

  /** A demo tenant as the feature harness names it (tests/server/helpers/feature-harness.ts). */
  async function tenantOf(domain: string): Promise<Tenant> {
    const found = (await findTenantByDomain(tdb.handle.db, domain))!;
    return { id: found.id, casinoId: found.id, host: domain, key: '' };
  }

  return { tdb, app, db: tdb.handle.db, request, tenantOf, createStaff, login, secretOf, close: () => tdb.close() };
}

export type StaffHarness = Awaited<ReturnType<typeof staffHarness>>;
