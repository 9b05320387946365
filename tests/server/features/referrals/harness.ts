import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, outbox, wallets } from '../../../../server/db/schema.ts';
import { createSandboxPsp, type SandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { registerBody } from '../auth/helpers.ts';

const SECRET = 'referrals-webhook-secret-0123456789';

/** The real app with the sandbox PSP (deposits settle through the signed webhook), on PGlite or PostgreSQL, demo tenants seeded. */
export interface ReferralsHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  psp: SandboxPsp;
  tenants: { local: number; sorte: number };
  call(method: string, path: string, opts?: { body?: unknown; token?: string; host?: string }): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Registers through the real flow (phone code → token → register); `ref` goes in `reference_code`. */
  register(phone: string, opts?: { host?: string; ref?: string; name?: string; cpf?: string }): Promise<{ token: string; userId: number; status: number }>;
  /** A Pix deposit charge of `amount` centavos for the player (not yet paid). */
  charge(token: string, amount: number, host?: string): Promise<string>;
  /** The player's balance, withdrawable part and `bonus` ledger rows. */
  walletOf(userId: number): Promise<{ balance: bigint; withdrawable: bigint; bonuses: Array<{ amount: bigint; reference: string | null; metadata: Record<string, unknown> }> }>;
  close(): Promise<void>;
}

let ip = 0;

export async function referralsHarness(): Promise<ReferralsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const local = (await findTenantByDomain(db, 'localhost'))!.id;
  const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
  const config = getConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
    CLIENT_IP_HEADER: 'x-test-ip',
    PIX_WEBHOOK_SECRET: SECRET,
    PIX_WEBHOOK_URL: 'http://localhost/api/pix/webhook',
  });
  let app: Hono | null = null;
  const psp = createSandboxPsp({
    db,
    merchantName: 'Cassino Teste',
    merchantCity: 'Sao Paulo',
    webhookUrl: config.pix.webhookUrl,
    webhookSecret: SECRET,
    fetch: async (url, init) => app!.request(url, init),
  });
  app = createApp({ db, config, sites: fakeSiteBuilder(), logger: createLogger('silent'), payments: { psp, publish: async () => {} } });
  const theApp = app;

  const call: ReferralsHarness['call'] = async (method, path, o = {}) => {
    ip += 1;
    const headers: Record<string, string> = { host: o.host ?? 'localhost', 'x-test-ip': `203.0.${Math.floor(ip / 250)}.${(ip % 250) + 1}`, 'accept-language': 'pt' };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await theApp.request(`/api${path}`, { method, headers, ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  return {
    tdb,
    db,
    app: theApp,
    psp,
    tenants: { local, sorte },
    call,
    async register(phone, o = {}) {
      const host = o.host ?? 'localhost';
      await call('POST', '/auth/verify-phone', { host, body: { phone } });
      const [sent] = await db.select().from(outbox).where(eq(outbox.destination, phone)).orderBy(desc(outbox.id)).limit(1);
      const code = sent?.body.match(/\b(\d{6})\b/)?.[1];
      const verified = await call('POST', '/auth/verify-code', { host, body: { channel: 'phone', destination: phone, code } });
      const body = registerBody(phone, {
        phone_verification_token: verified.body.verification_token,
        ...(o.name ? { name: o.name } : {}),
        ...(o.cpf ? { cpf: o.cpf } : {}),
        ...(o.ref !== undefined ? { reference_code: o.ref } : {}),
      });
      const made = await call('POST', '/auth/register', { host, body });
      if (made.status !== 201) throw new Error(`register ${made.status} ${JSON.stringify(made.body)}`);
      return { token: made.body.token as string, userId: (made.body.data as { id: number }).id, status: made.status };
    },
    async charge(token, amount, host = 'localhost') {
      const made = await call('POST', '/main-gateway/qrcode-pix', { host, token, body: { amount } });
      if (made.status !== 200) throw new Error(`charge ${made.status} ${JSON.stringify(made.body)}`);
      return made.body.txid as string;
    },
    async walletOf(userId) {
      const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
      const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
      return {
        balance: w?.balance ?? 0n,
        withdrawable: w?.balanceWithdrawal ?? 0n,
        bonuses: rows.filter((r) => r.type === 'bonus').map((r) => ({ amount: r.amount, reference: r.reference, metadata: r.metadata })),
      };
    },
    close: () => tdb.close(),
  };
}

/** A valid CPF made from a 9-digit seed (both check digits computed). */
export function cpfFrom(seed: number): string {
  const base = String(seed).padStart(9, '0').slice(-9);
  const digits = [...base].map(Number);
  const check = (list: number[]): number => {
    const sum = list.reduce((acc, d, i) => acc + d * (list.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}
