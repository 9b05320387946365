import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { cpfFor } from '../../../../scripts/faults/players.ts';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { outbox } from '../../../../server/db/schema.ts';
import { type Barred, createBarred } from '../../../../server/features/barred/index.ts';
import type { SigapStandIn } from '../../../../server/features/barred/sandbox/stand-in.ts';
import { barredChecks, type BarredCheckRow } from '../../../../server/features/barred/schema.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { registerBody, type TestClock, testClock } from '../auth/helpers.ts';

export { cpfFor };

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface BarredHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  clock: TestClock;
  tenants: { local: number; sorte: number };
  /** The check as the app wired it (in-process sandbox) and its stand-in. */
  barred: Barred;
  stand: SigapStandIn;
  call(method: string, path: string, opts?: { body?: unknown; token?: string; host?: string; lang?: string; headers?: Record<string, string> }): Promise<Answer>;
  /** Registers through the real flow (phone code → token → register) with `cpf`; answers the register call. */
  register(phone: string, cpf: string | null, opts?: { host?: string; lang?: string }): Promise<Answer>;
  login(phone: string, opts?: { host?: string }): Promise<Answer>;
  check(userId: number): Promise<BarredCheckRow | undefined>;
  /** The player's notifications, newest first. */
  notices(userId: number): Promise<Array<{ title: { pt: string; en: string }; message: { pt: string; en: string } }>>;
  userId(phone: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with the barred-bettor check wired as `npm start`
 * wires it (the sandbox stand-in, called in-process) but held here, so tests
 * bar and lift CPFs and break the service. `localhost` requires a CPF at
 * registration; the clock starts on Wed 25 Nov 2026, 12:00 in São Paulo.
 */
export async function barredHarness(): Promise<BarredHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const local = (await findTenantByDomain(db, 'localhost'))!.id;
  const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
  await patchTenantConfig(db, local, { registerCPF: true, login_requires_cpf: false, login_requires_email: false });
  await patchTenantConfig(db, sorte, { registerCPF: false, login_requires_cpf: false, login_requires_email: false });
  const clock = testClock('2026-11-25T15:00:00.000Z');
  const config = getConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'barred-test-')),
    CLIENT_IP_HEADER: 'x-test-ip',
    IP_RATE_LIMIT_SCALE: '100',
  });
  const log = createLogger('silent');
  const publish = async () => {};
  const barred = createBarred({ db, config, log, notifications: { db, publish, log }, now: clock.now });
  const app = createApp({ db, config, sites: fakeSiteBuilder(), logger: log, accounts: { now: clock.now }, barred, publish });

  const call: BarredHarness['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { host: o.host ?? 'localhost', 'x-test-ip': '203.0.113.9', 'accept-language': o.lang ?? 'en', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.request(`/api${path}`, { method, headers, ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const latestCode = async (to: string) => {
    const [row] = await db.select().from(outbox).where(eq(outbox.destination, to)).orderBy(desc(outbox.id)).limit(1);
    return row?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
  };

  return {
    tdb,
    db,
    app,
    clock,
    tenants: { local, sorte },
    barred,
    stand: barred.sandbox!,
    call,
    async register(phone, cpf, o = {}) {
      const host = o.host ?? 'localhost';
      await call('POST', '/auth/verify-phone', { host, body: { phone } });
      const code = await latestCode(phone);
      const verified = await call('POST', '/auth/verify-code', { host, body: { channel: 'phone', destination: phone, code } });
      const body = registerBody(phone, { phone_verification_token: verified.body.verification_token, ...(cpf ? { cpf } : {}) });
      return call('POST', '/auth/register', { host, body, ...(o.lang ? { lang: o.lang } : {}) });
    },
    login: (phone, o = {}) => call('POST', '/auth/login', { host: o.host ?? 'localhost', body: { username: phone, password: 'senha-forte1' } }),
    async check(userId) {
      const [row] = await db.select().from(barredChecks).where(eq(barredChecks.userId, userId));
      return row;
    },
    async notices(userId) {
      const rows = await db.select().from(notifications).where(and(eq(notifications.userId, userId))).orderBy(desc(notifications.id));
      return rows.map((r) => r.notification as { title: { pt: string; en: string }; message: { pt: string; en: string } });
    },
    async userId(phone) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, phone));
      return row!.id;
    },
    close: () => tdb.close(),
  };
}
