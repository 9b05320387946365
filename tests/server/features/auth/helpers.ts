import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { outbox } from '../../../../server/db/schema.ts';
import type { AccountsDeps } from '../../../../server/features/auth/deps.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { createLogger, type Logger } from '../../../../server/logger.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';

/** A settable clock: services and the idle-token rule read `clock.now()`. */
export interface TestClock {
  now(): Date;
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start = '2025-06-01T12:00:00.000Z'): TestClock {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), set: (at) => (t = new Date(at).getTime()), advance: (ms) => (t += ms) };
}

export interface AccountsHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  clock: TestClock;
  tenants: { local: number; sorte: number };
  dataDir: string;
  /** JSON call; `host` defaults to localhost. */
  call(method: string, path: string, opts?: CallOptions): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /** The newest code sent to `to` (read from the outbox table, as a developer would). */
  latestCode(to: string): Promise<string | null>;
  rows(table: PgTable): Promise<number>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  host?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * A migrated, seeded database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * and the real app with a test clock, cheap scrypt and a temporary DATA_DIR.
 * Demo tenants are adjusted: captcha off, CPF optional unless a test turns it on.
 */
export async function accountsHarness(opts: { env?: Record<string, string>; accounts?: Partial<AccountsDeps>; logger?: Logger } = {}): Promise<AccountsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const local = (await findTenantByDomain(db, 'localhost'))!.id;
  const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
  for (const id of [local, sorte]) await patchTenantConfig(db, id, { registerCPF: false });
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-test-'));
  const clock = testClock();
  const config = getConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
    DATA_DIR: dataDir,
    CLIENT_IP_HEADER: 'x-test-ip',
    ...opts.env,
  });
  const app = createApp({ db, config, sites: fakeSiteBuilder(), logger: opts.logger ?? createLogger('silent'), accounts: { now: clock.now, ...opts.accounts } });
  return {
    tdb,
    db,
    app,
    clock,
    tenants: { local, sorte },
    dataDir,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'x-test-ip': o.ip ?? '203.0.113.7', ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.lang) headers['accept-language'] = o.lang;
      let body: BodyInit | undefined;
      if (o.body instanceof FormData) body = o.body;
      else if (o.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      }
      const response = await app.request(`/api${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = { raw: text };
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async latestCode(to) {
      const [row] = await db.select().from(outbox).where(eq(outbox.destination, to)).orderBy(desc(outbox.id)).limit(1);
      return row?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
    },
    async rows(table) {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    },
    async close() {
      await tdb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'senha-forte1';

/** A complete registration body for `phone` (add the verification token). */
export function registerBody(phone: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const n = phone.slice(-4);
  return {
    gender: 'female',
    marital_status: 'single',
    name: 'Maria Silva',
    username: phone,
    email: `maria${n}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    adult: true,
    terms: true,
    // Regulated tenants ask for a loss limit and a session-time limit at registration (issue 17).
    loss_limit: 100_000_000,
    loss_limit_period: 'month',
    session_limit_minutes: 1440,
    ...extra,
  };
}

/** Registers a player through the real HTTP flow (code by SMS → token → register). */
export async function registerPlayer(
  h: AccountsHarness,
  phone: string,
  opts: { host?: string; extra?: Record<string, unknown> } = {},
): Promise<{ token: string; user: Record<string, unknown> }> {
  const host = opts.host ?? 'localhost';
  const sent = await h.call('POST', '/auth/verify-phone', { host, body: { phone } });
  if (sent.status !== 200) throw new Error(`verify-phone ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await h.latestCode(phone);
  const verified = await h.call('POST', '/auth/verify-code', { host, body: { channel: 'phone', destination: phone, code } });
  if (verified.status !== 200) throw new Error(`verify-code ${verified.status} ${JSON.stringify(verified.body)}`);
  const registered = await h.call('POST', '/auth/register', {
    host,
    body: registerBody(phone, { phone_verification_token: verified.body.verification_token, ...opts.extra }),
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${JSON.stringify(registered.body)}`);
  return { token: registered.body.token as string, user: registered.body.data as Record<string, unknown> };
}
