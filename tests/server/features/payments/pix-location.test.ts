import { createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app.ts';
import { type Config, getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { users, wallets } from '../../../../server/db/schema.ts';
import { parseBrCode } from '../../../../server/features/payments/pix/brcode.ts';
import { pixLocationBase } from '../../../../server/features/payments/pix/location.ts';
import { pixReceiver, receiverField } from '../../../../server/features/payments/pix/receiver.ts';
import { createSandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { validateSiteConfig } from '../../../../server/features/tenants/validate-config.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { PRODUCTION_ENV } from '../../helpers/production-env.ts';

/**
 * The tenant's BR Codes: receiver (fields 59/60) from its site config, the
 * dynamic location on the platform's public API, what that location answers
 * (the standard's signed charge payload), and the demo's own-charge payment.
 */
const SECRET = 'test-webhook-secret-0123456789';
let tdb: TestDatabase;
let db: Db;
let n = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
});
afterAll(() => tdb.close());

function appWith(env: Record<string, string>, config?: Config) {
  const cfg = config ?? getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET, PIX_WEBHOOK_URL: 'http://127.0.0.1:9/api/pix/webhook', ...env });
  let app: ReturnType<typeof createApp> | null = null;
  const psp = createSandboxPsp({
    db,
    merchantName: 'Cassino',
    merchantCity: 'Sao Paulo',
    webhookUrl: cfg.pix.webhookUrl,
    webhookSecret: SECRET,
    fetch: async (url, init) => app!.request(url, init),
  });
  app = createApp({ db, config: cfg, sites: fakeSiteBuilder(), logger: createLogger('silent'), payments: { psp, publish: async () => {} } });
  return app;
}

/** A player with a CPF of their own (unique per tenant). */
async function player(domain: string): Promise<{ id: number; token: string }> {
  n += 1;
  const cpf = String(40_000_000_000 + n);
  const tenantId = (await findTenantByDomain(db, domain))!.id;
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: `Jogador ${n}`, username: `+55219${String(n).padStart(8, '0')}`, cpf })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  return { id: row!.id, token };
}

function post(app: ReturnType<typeof createApp>, domain: string, path: string, body: unknown, token: string) {
  return app.request(`/api${path}`, {
    method: 'POST',
    headers: { host: domain, 'content-type': 'application/json', 'accept-language': 'en', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function charge(app: ReturnType<typeof createApp>, domain: string, token: string): Promise<{ txid: string; qrcode: string; sandbox_pay: boolean }> {
  const res = await post(app, domain, '/main-gateway/qrcode-pix', { amount: 2000 }, token);
  expect(res.status).toBe(200);
  return (await res.json()) as { txid: string; qrcode: string; sandbox_pay: boolean };
}

/** The JWS's header and payload after checking its RS256 signature against the key set its `jku` names (fetched from the app). */
async function verifiedJws(app: ReturnType<typeof createApp>, jws: string) {
  const [h, p, s] = jws.split('.');
  const header = JSON.parse(Buffer.from(h!, 'base64url').toString()) as { alg: string; typ: string; kid: string; jku: string };
  const jwksPath = new URL(header.jku).pathname;
  const jwks = (await (await app.request(jwksPath)).json()) as { keys: Array<{ kid: string } & Record<string, unknown>> };
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  expect(jwk).toBeDefined();
  const ok = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), createPublicKey({ key: jwk as never, format: 'jwk' }), Buffer.from(s!, 'base64url'));
  expect(ok).toBe(true);
  return { header, payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown> };
}

describe('BR Code receiver fields', () => {
  it('fold the tenant text to upper-case ASCII within the EMV limits, cutting at a word', () => {
    expect(receiverField('Ipê Entretenimento Digital Ltda.', 25)).toBe('IPE ENTRETENIMENTO');
    expect(receiverField('Sorte Lunar Apostas Ltda.', 25)).toBe('SORTE LUNAR APOSTAS LTDA.');
    expect(receiverField('Florianópolis', 15)).toBe('FLORIANOPOLIS');
    expect(receiverField('São José dos Campos', 15)).toBe('SAO JOSE DOS');
    expect(receiverField('Pindamonhangabaense', 15)).toBe('PINDAMONHANGABA');
    expect(pixReceiver({ legalName: 'Farol Jogos Online Ltda.' }, { name: 'Cassino', city: 'Sao Paulo' })).toEqual({ name: 'FAROL JOGOS ONLINE LTDA.', city: 'SAO PAULO' });
  });

  it('legalCity is validated in the site config', async () => {
    const config = (await findTenantByDomain(db, 'localhost'))!.config;
    expect(validateSiteConfig({ ...config, legalCity: '  Belo Horizonte ' }).legalCity).toBe('Belo Horizonte');
    for (const bad of ['', 'X', '<script>', '4321', 'a'.repeat(61)]) expect(() => validateSiteConfig({ ...config, legalCity: bad }), bad).toThrow();
  });

  it("each tenant's charges carry its own legal name and city, and a location on the platform's public URL", async () => {
    const app = appWith({});
    for (const [domain, name, city] of [
      ['localhost', 'IPE ENTRETENIMENTO', 'BELO HORIZONTE'],
      ['sorte.localhost', 'SORTE LUNAR APOSTAS LTDA.', 'FLORIANOPOLIS'],
    ] as const) {
      const p = await player(domain);
      const { txid, qrcode } = await charge(app, domain, p.token);
      const parsed = parseBrCode(qrcode);
      expect(parsed).toMatchObject({ kind: 'dynamic', merchantName: name, merchantCity: city, amountCentavos: 2000 });
      expect(parsed.url).toBe(`${domain}:4321/api/pix/qr/${txid}`);
      expect(parsePix(qrcode)).toMatchObject({ type: 'DYNAMIC', merchantName: name, merchantCity: city });
    }
  });

  it('an absolute PUBLIC_API_URL names the location host', () => {
    const config = getConfig({ DATABASE_URL: 'memory://', PUBLIC_API_URL: 'https://api.ipe.example/api/' });
    expect(pixLocationBase(config, 'localhost')).toBe('api.ipe.example/api/pix/qr');
    expect(pixLocationBase(getConfig({ DATABASE_URL: 'memory://', SITE_ORIGIN_SCHEME: 'https', SITE_ORIGIN_PORT: '443' }), 'ipe.example')).toBe('ipe.example/api/pix/qr');
  });
});

describe('the payload location', () => {
  it("answers the charge's payload as a signed JWS (application/jose), its status following payment", async () => {
    const app = appWith({});
    const p = await player('localhost');
    const { txid, qrcode } = await charge(app, 'localhost', p.token);
    const path = `/${parseBrCode(qrcode).url!.split('/').slice(1).join('/')}`;
    // Open to anyone: no session, any host.
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/jose');
    const { header, payload } = await verifiedJws(app, await res.text());
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWS', jku: 'http://localhost:4321/api/pix/sandbox/jwks.json' });
    expect(payload).toMatchObject({ txid, revisao: 0, status: 'ATIVA', valor: { original: '20.00' }, calendario: { expiracao: 300 } });
    expect(payload.chave).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payload).not.toHaveProperty('devedor');
    expect(JSON.stringify(payload)).not.toContain(String(40_000_000_000 + n));

    expect((await post(app, 'localhost', '/pix/sandbox/pay-own', { txid }, p.token)).status).toBe(200);
    const after = await verifiedJws(app, await (await app.request(path)).text());
    expect(after.payload.status).toBe('CONCLUIDA');
  });

  it('answers 404 problem+json for a charge it never issued', async () => {
    const app = appWith({});
    const res = await app.request('/api/pix/qr/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404, type: expect.stringContaining('CobPayloadNaoEncontrado'), message: 'Cobrança não encontrada.' });
    const en = await app.request('/api/pix/qr/ABCDEFGHIJKLMNOPQRSTUVWXYZ012345', { headers: { 'Accept-Language': 'en-US' } });
    expect(await en.json()).toMatchObject({ status: 404, message: 'Charge not found.' });
  });
});

describe('the demo pay button route (POST /pix/sandbox/pay-own)', () => {
  it("pays the player's own waiting charge once; refuses another player's charge and visitors", async () => {
    const app = appWith({});
    const owner = await player('localhost');
    const other = await player('localhost');
    const { txid, sandbox_pay } = await charge(app, 'localhost', owner.token);
    expect(sandbox_pay).toBe(true);

    expect((await post(app, 'localhost', '/pix/sandbox/pay-own', { txid }, other.token)).status).toBe(404);
    const visitor = await app.request('/api/pix/sandbox/pay-own', { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/json' }, body: JSON.stringify({ txid }) });
    expect(visitor.status).toBe(401);
    // Another tenant's session does not reach this tenant's charge.
    const elsewhere = await player('sorte.localhost');
    expect((await post(app, 'sorte.localhost', '/pix/sandbox/pay-own', { txid }, elsewhere.token)).status).toBe(404);

    const paid = await post(app, 'localhost', '/pix/sandbox/pay-own', { txid }, owner.token);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ txid, webhookStatus: 200 });
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, owner.id));
    expect(wallet?.balance).toBe(2000n);
    expect((await post(app, 'localhost', '/pix/sandbox/pay-own', { txid }, owner.token)).status).toBe(409);
    const [again] = await db.select().from(wallets).where(eq(wallets.userId, owner.id));
    expect(again?.balance).toBe(2000n);
  });

  it('does not exist in production mode, where the charge answer says sandbox_pay: false', async () => {
    const app = appWith({}, getConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' }));
    const p = await player('localhost');
    const res = await post(app, 'localhost', '/main-gateway/qrcode-pix', { amount: 2000 }, p.token);
    // Production refuses the sandbox at start; wired by hand, the charge works but offers no demo payment.
    expect(res.status).toBe(200);
    const { txid, sandbox_pay } = (await res.json()) as { txid: string; sandbox_pay: boolean };
    expect(sandbox_pay).toBe(false);
    expect((await post(app, 'localhost', '/pix/sandbox/pay-own', { txid }, p.token)).status).toBe(404);
    expect((await app.request(`/api/pix/qr/${txid}`)).status).toBe(404);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, p.id));
    expect(wallet?.balance ?? 0n).toBe(0n);
  });
});
