import { eq } from 'drizzle-orm';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEventName } from '../../../../src/contract/realtime.ts';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, pixCharges, users, wallets } from '../../../../server/db/schema.ts';
import { parseBrCode } from '../../../../server/features/payments/pix/brcode.ts';
import { createSandboxPsp, newEndToEndId, type SandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { signWebhook } from '../../../../server/features/payments/signature.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

const SECRET = 'test-webhook-secret-0123456789';
let tdb: TestDatabase;
let db: Db;
let app: ReturnType<typeof createApp>;
let sandbox: SandboxPsp;
let tenantId: number;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const published: Array<{ channels: string[]; event: string; data: unknown }> = [];
let n = 0;

async function player(cpf: string | null = null): Promise<{ id: number; token: string }> {
  n += 1;
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: `Jogador ${n}`, username: `+55119${String(n).padStart(8, '0')}`, cpf })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  return { id: row!.id, token };
}

async function call(path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { host: 'localhost', 'content-type': 'application/json', 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.request(`/api${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function walletOf(userId: number) {
  const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return { balance: w?.balance ?? 0n, depositCount: w?.depositCount ?? 0, entries: entries.length };
}

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET, PIX_WEBHOOK_URL: 'http://localhost/api/pix/webhook' });
  sandbox = createSandboxPsp({
    db,
    merchantName: 'Cassino Teste',
    merchantCity: 'São Paulo',
    webhookUrl: config.pix.webhookUrl,
    webhookSecret: SECRET,
    fetch: async (url, init) => app.request(url, init),
    now,
  });
  app = createApp({
    db,
    config,
    sites: fakeSiteBuilder(),
    logger: createLogger('silent'),
    payments: { psp: sandbox, now, publish: async (channels, event, data) => void published.push({ channels, event, data }) },
  });
});
afterAll(() => tdb.close());

describe('Pix deposits', () => {
  it('create → decodable BR Code → sandbox settles through the signed webhook → credited once, events sent', async () => {
    const p = await player('52998224725');
    const created = await call('/main-gateway/qrcode-pix', { amount: 5000 }, p.token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ amount: 5000, show: true, sandbox_pay: true });
    const txid = created.body.txid as string;
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    expect(new Date(created.body.expires_at as string).getTime() - Date.now()).toBeGreaterThan(290_000);
    const decoded = parsePix(created.body.qrcode as string);
    expect(parseBrCode(created.body.qrcode as string)).toMatchObject({ amountCentavos: 5000, txid: '***' });
    // The receiver is the tenant's (legal name and city in its site config), the location the platform's public API.
    expect(decoded).toMatchObject({ type: 'DYNAMIC', merchantCity: 'BELO HORIZONTE', merchantName: 'IPE ENTRETENIMENTO' });
    expect((decoded as { url: string }).url).toBe(`localhost:4321/api/pix/qr/${txid}`);
    expect((await sandbox.getCharge(txid))?.status).toBe('ATIVA');
    expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toEqual({ status: 'waiting_payment' });

    const { notification, status } = await sandbox.settle(txid);
    expect(status).toBe(200);
    expect(await walletOf(p.id)).toEqual({ balance: 5000n, depositCount: 1, entries: 1 });
    expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toEqual({ status: 'paid' });
    expect((await sandbox.getCharge(txid))?.status).toBe('CONCLUIDA');
    const mine = published.filter((e) => e.channels[0] === `private-universal.${p.id}`);
    expect(mine).toEqual([
      { channels: [`private-universal.${p.id}`], event: wireEventName('PaymentApproved'), data: { txid, amount: 5000 } },
      { channels: [`private-universal.${p.id}`], event: wireEventName('BalanceUpdated'), data: { wallet: { balance: 5000, balance_withdrawal: 5000, deposit_count: 1 } } },
    ]);

    // Replay: acknowledged, nothing more.
    expect(await sandbox.deliver(notification)).toBe(200);
    expect(await walletOf(p.id)).toEqual({ balance: 5000n, depositCount: 1, entries: 1 });
    expect(published.filter((e) => e.channels[0] === `private-universal.${p.id}`)).toHaveLength(2);
  });

  it('50 concurrent deliveries of the same webhook credit once', async () => {
    const p = await player('11144477735');
    const txid = (await call('/main-gateway/qrcode-pix', { amount: 2500 }, p.token)).body.txid as string;
    const notification = { pix: [{ endToEndId: newEndToEndId(now()), txid, valor: '25.00', horario: now().toISOString(), pagador: { cpf: '11144477735' } }] };
    const statuses = await Promise.all(Array.from({ length: 50 }, () => sandbox.deliver(notification)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await walletOf(p.id)).toEqual({ balance: 2500n, depositCount: 1, entries: 1 });
  });

  it('forged or missing signatures get 401 and move nothing', async () => {
    const p = await player('39053344705');
    const txid = (await call('/main-gateway/qrcode-pix', { amount: 3000 }, p.token)).body.txid as string;
    const body = JSON.stringify({ pix: [{ endToEndId: newEndToEndId(now()), txid, valor: '30.00', horario: now().toISOString(), pagador: { cpf: '39053344705' } }] });
    for (const signature of [undefined, signWebhook(body, 'another-secret-000000000'), 'sha256=zz', signWebhook(`${body} `, SECRET)]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature) headers['x-webhook-signature'] = signature;
      expect((await app.request('/api/pix/webhook', { method: 'POST', headers, body })).status).toBe(401);
    }
    expect(await walletOf(p.id)).toEqual({ balance: 0n, depositCount: 0, entries: 0 });
    expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toEqual({ status: 'waiting_payment' });
  });

  it('a Pix from another CPF is refunded through the PSP, not credited, and the player told why', async () => {
    const p = await player('86288366757');
    const txid = (await call('/main-gateway/qrcode-pix', { amount: 4000 }, p.token)).body.txid as string;
    expect((await sandbox.settle(txid, { payerCpf: '52998224725' })).status).toBe(200);
    expect(await walletOf(p.id)).toEqual({ balance: 0n, depositCount: 0, entries: 0 });
    const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'payer_cpf_mismatch' });
    expect(row!.refundId).toMatch(/^D[A-Za-z0-9]{34}$/);
    expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toEqual({
      status: 'refunded',
      reason: 'payer_cpf_mismatch',
      message: 'Payment refunded: the Pix must come from an account in your own CPF.',
    });
  });

  it('a charge paid after its 5 minutes is not credited (refunded as expired)', async () => {
    const p = await player('71428793860');
    const txid = (await call('/main-gateway/qrcode-pix', { amount: 1500 }, p.token)).body.txid as string;
    offsetMs = 301_000;
    try {
      expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toEqual({ status: 'expired' });
      expect((await sandbox.getCharge(txid))?.status).toBe('REMOVIDA_PELO_PSP');
      expect((await sandbox.settle(txid)).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
    expect(await walletOf(p.id)).toEqual({ balance: 0n, depositCount: 0, entries: 0 });
    expect((await call('/main-gateway/consult-status-transaction', { txid }, p.token)).body).toMatchObject({ status: 'refunded', reason: 'expired' });
  });

  it('unknown txid is acknowledged and ignored', async () => {
    const status = await sandbox.deliver({ pix: [{ endToEndId: newEndToEndId(now()), txid: 'A'.repeat(32), valor: '10.00', horario: now().toISOString() }] });
    expect(status).toBe(200);
  });

  it('refuses bad amounts, out-of-range amounts, visitors and players without CPF; stores nothing', async () => {
    const p = await player('15350946056');
    const before = (await db.select().from(pixCharges)).length;
    for (const amount of [-100, 0, 50.5, 1e15, '5000', null, Number.NaN]) {
      expect((await call('/main-gateway/qrcode-pix', { amount }, p.token)).status).toBe(422);
    }
    expect((await call('/main-gateway/qrcode-pix', '{"amount":', p.token)).status).toBe(400);
    const low = await call('/main-gateway/qrcode-pix', { amount: 999 }, p.token);
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ message: 'The deposit amount must be between R$10.00 and R$50,000.00.', min: 1000, max: 5_000_000 });
    expect((await call('/main-gateway/qrcode-pix', { amount: 5_000_001 }, p.token)).status).toBe(422);
    expect((await call('/main-gateway/qrcode-pix', { amount: 5000 })).status).toBe(401);
    const noCpf = await player(null);
    const refused = await call('/main-gateway/qrcode-pix', { amount: 5000 }, noCpf.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/CPF/);
    expect((await db.select().from(pixCharges)).length).toBe(before);
  });

  it('someone else’s txid answers 404', async () => {
    const owner = await player('04128563000');
    const other = await player('98765432100');
    const txid = (await call('/main-gateway/qrcode-pix', { amount: 5000 }, owner.token)).body.txid as string;
    expect((await call('/main-gateway/consult-status-transaction', { txid }, other.token)).status).toBe(404);
    expect((await call('/main-gateway/consult-status-transaction', { txid }, owner.token)).status).toBe(200);
  });
});
