import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsibleGaming } from '../../../../server/db/schema.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { assertDepositAllowed } from '../../../../server/features/responsible-gaming/enforce.ts';
import { ResponsibleGamingError } from '../../../../server/features/responsible-gaming/errors.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { barredChecks, users } from '../../../../server/db/schema.ts';
import { DEMO_BARRED_CPF } from '../../../../server/features/barred/sandbox/stand-in.ts';
import { cpfFor } from '../../../../scripts/faults/players.ts';
import type { TenantContext } from '../../../../server/http/context.ts';
import { createDeposit } from '../../../../server/features/payments/create-deposit.ts';
import type { PaymentsDeps } from '../../../../server/features/payments/deps.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

/**
 * Portaria SPA/MF 1.231 as amended by 2.579/2025: a regulated tenant's
 * players choose a loss limit and a time limit at registration. A first
 * Google sign-in creates the account without the registration form, so the
 * account may not bet or deposit until it has chosen both.
 */
const CLIENT_ID = 'rg-client.apps.googleusercontent.com';
let jwks: Server;
let privateKey: CryptoKey;
let h: AccountsHarness;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'rg-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  h = await accountsHarness({ env: { GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/oauth2/v3/certs` } });
  for (const id of [h.tenants.local, h.tenants.sorte]) await patchTenantConfig(h.db, id, { casAllowGoogleAuth: true, googleClientId: CLIENT_ID });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

function idToken(sub: string, email: string): Promise<string> {
  return new SignJWT({ email, email_verified: true, name: 'Gabi Google' })
    .setProtectedHeader({ alg: 'RS256', kid: 'rg-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(Math.floor(h.clock.now().getTime() / 1000))
    .setExpirationTime('1h')
    .sign(privateKey);
}

async function googleSignUp(sub: string, email: string, host = 'localhost'): Promise<{ token: string; userId: number; tenantId: number }> {
  const answer = await h.call('POST', '/auth/google', { host, body: { idToken: await idToken(sub, email) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const tenantId = host === 'localhost' ? h.tenants.local : h.tenants.sorte;
  return { token: answer.body.token as string, userId: (answer.body.data as { id: number }).id, tenantId };
}

const dice = (token: string, lang = 'pt-BR') =>
  h.call('POST', '/house/dice/play', { token, lang, body: { amount: 100, params: { target: 5000, direction: 'over' } } });
/** The check every Pix charge runs in its transaction (payments/create-deposit.ts; the charge's HTTP path is proved in enforce.test.ts). */
const deposit = (p: { tenantId: number; userId: number }) =>
  h.db.transaction((tx) => assertDepositAllowed(tx, { tenantId: p.tenantId, userId: p.userId, amount: 5_000, now: new Date() }));
const view = async (token: string) => (await h.call('GET', '/responsible-gambling', { token })).body;
const complete = (token: string, body: Record<string, unknown>, lang = 'pt-BR') => h.call('POST', '/auth/complete-registration', { token, lang, body });
let cpfSeed = 9100;
/** A valid CPF no test has used. */
const freshCpf = () => cpfFor(cpfSeed++);

describe('a first Google sign-in on a regulated tenant', () => {
  it('cannot bet or deposit until a loss limit and a session limit are chosen', async () => {
    const p = await googleSignUp('g-rg-1', 'gabi1@example.com');
    await applyMovement(h.db, { tenantId: p.tenantId, userId: p.userId, type: 'deposit', amount: 10_000, reference: 'rg-google-1' });
    // The registration form's data first (the next describe); then the limits.
    expect((await complete(p.token, { cpf: freshCpf(), adult: true, terms: true })).status).toBe(200);
    expect(await view(p.token)).toMatchObject({ registration_limits_required: true, limits: { loss: { month: { value: null } } }, session: { value: null } });

    const bet = await dice(p.token, 'en');
    expect(bet.status).toBe(403);
    expect(bet.body).toMatchObject({ code: 'limits_required', error: 'limits_required', limit: { kind: 'registration' } });
    expect(bet.body.message).toBe(
      'Before betting or depositing, choose your loss limit and your time limit per session (required by SPA/MF Ordinance 1,231/2024). Set them under Responsible Gaming.',
    );
    const refused = await deposit(p).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ResponsibleGamingError);
    expect((refused as ResponsibleGamingError).code).toBe('limits_required');
    expect((refused as ResponsibleGamingError).localized?.pt).toMatch(/^Antes de apostar ou depositar, escolha seu limite de perdas e seu limite de tempo por sessão/);
    const wallet = createSeamlessWallet(h.db, 'jaguar');
    await expect(wallet.bet(p, { transactionId: 'g-rg-tx', roundId: 'g-rg-r', amount: 100, game: 'Jaguar Gold' })).rejects.toMatchObject({ code: 'limits_required' });
    // Nothing moved while refused.
    const me = await h.call('GET', '/auth/me', { token: p.token });
    expect((me.body.data as { wallet: { balance: number } }).wallet.balance).toBe(10_000);

    // One of the two is not enough.
    await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body: { loss: { week: 5_000 } } });
    expect((await dice(p.token)).body.code).toBe('limits_required');
    expect((await view(p.token)).registration_limits_required).toBe(true);

    const both = await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body: { session_minutes: 60 } });
    expect(both.status).toBe(200);
    expect(both.body.registration_limits_required).toBe(false);
    expect((await dice(p.token)).status).toBe(200);
    await deposit(p);
    // The mark is gone: the player now stands as one who chose the limits in the registration form.
    const [row] = await h.db.select().from(responsibleGaming).where(eq(responsibleGaming.userId, p.userId));
    expect(row?.limits).not.toHaveProperty('registration_pending');
  });

  it('logging in again with Google does not lift the requirement', async () => {
    const first = await googleSignUp('g-rg-2', 'gabi2@example.com');
    const again = await googleSignUp('g-rg-2', 'gabi2@example.com');
    expect(again.userId).toBe(first.userId);
    expect((await view(again.token)).registration_limits_required).toBe(true);
  });

  it('an account registered through the form and linked to Google later is not asked again', async () => {
    const { token, user } = await registerPlayer(h, '+5511987730001');
    const email = user.email as string;
    await h.call('POST', '/auth/verify-email', { token, body: {} });
    await h.call('POST', '/auth/verify-code', { token, body: { channel: 'email', code: await h.latestCode(email) } });
    const linked = await googleSignUp('g-rg-3', email);
    expect(linked.userId).toBe(user.id);
    expect(await view(linked.token)).toMatchObject({ registration_limits_required: false, registration_details_required: false });
  });

  it('an unregulated tenant asks for none', async () => {
    await patchTenantConfig(h.db, h.tenants.sorte, { is_regulated: false });
    const p = await googleSignUp('g-rg-4', 'gabi4@example.com', 'sorte.localhost');
    expect((await h.call('GET', '/responsible-gambling', { host: 'sorte.localhost', token: p.token })).body).toMatchObject({
      registration_limits_required: false,
      registration_details_required: false,
    });
    expect((await h.call('POST', '/auth/complete-registration', { host: 'sorte.localhost', token: p.token, body: { cpf: freshCpf(), adult: true, terms: true } })).status).toBe(409);
    expect(await h.db.select().from(responsibleGaming).where(eq(responsibleGaming.userId, p.userId))).toHaveLength(0);
  });
});

describe('a first Google sign-in on a regulated tenant owes the registration form’s data (CPF, 18+, terms)', () => {
  it('is refused bets and deposits with registration_incomplete (pt and en) until it gives them', async () => {
    const p = await googleSignUp('g-rd-1', 'rd1@example.com');
    await applyMovement(h.db, { tenantId: p.tenantId, userId: p.userId, type: 'deposit', amount: 10_000, reference: 'rd-google-1' });
    expect(await view(p.token)).toMatchObject({ registration_details_required: true, registration_limits_required: true });
    const en = await dice(p.token, 'en');
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ code: 'registration_incomplete', error: 'registration_incomplete', limit: { kind: 'registration' } });
    expect(en.body.message).toBe(
      'Before betting or depositing, complete your registration: enter your CPF, confirm you are 18 or older and accept the terms and conditions (required by Law 14,790/2023).',
    );
    expect((await dice(p.token, 'pt-BR')).body.message).toMatch(/^Antes de apostar ou depositar, complete seu cadastro: informe seu CPF, confirme que tem 18 anos/);
    await expect(deposit(p)).rejects.toMatchObject({ code: 'registration_incomplete' });
    // The Pix charge itself: the rule's refusal, not the bare "CPF missing" 422 the platform answered before.
    const tenant = { id: p.tenantId, config: { min_deposit: 100, max_deposit: 1_000_000 } } as unknown as TenantContext;
    const psp = { createCharge: () => Promise.reject(new Error('no charge may be made')) } as unknown as PaymentsDeps['psp'];
    await expect(createDeposit({ db: h.db, now: h.clock.now, psp } as unknown as PaymentsDeps, { tenant, userId: p.userId, amount: 5_000 })).rejects.toMatchObject({
      code: 'registration_incomplete',
    });
    const wallet = createSeamlessWallet(h.db, 'jaguar');
    await expect(wallet.bet(p, { transactionId: 'rd-tx', roundId: 'rd-r', amount: 100, game: 'Jaguar Gold' })).rejects.toMatchObject({ code: 'registration_incomplete' });

    const cpf = freshCpf();
    const done = await complete(p.token, { cpf, adult: true, terms: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [user] = await h.db.select().from(users).where(eq(users.id, p.userId));
    expect(user?.cpf).toBe(cpf);
    // The regulator was asked: recorded as that day's check.
    const [check] = await h.db.select().from(barredChecks).where(eq(barredChecks.userId, p.userId));
    expect(check).toMatchObject({ trigger: 'registration', barredAt: null });
    const [row] = await h.db.select().from(responsibleGaming).where(eq(responsibleGaming.userId, p.userId));
    expect(row?.limits).not.toHaveProperty('registration_details_pending');
    expect(row?.limits.registration_details_confirmed_at).toBe(h.clock.now().toISOString());
    // The limits are still owed, then nothing.
    expect(await view(p.token)).toMatchObject({ registration_details_required: false, registration_limits_required: true });
    expect((await dice(p.token)).body.code).toBe('limits_required');
    await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body: { loss: { day: 5_000 }, session_minutes: 60 } });
    expect((await dice(p.token)).status).toBe(200);
    const again = await complete(p.token, { cpf, adult: true, terms: true }, 'en');
    expect([again.status, again.body.message]).toEqual([409, 'Your registration is already complete.']);
  });

  it('requires a valid CPF, the 18+ confirmation and the terms, as the form does', async () => {
    const p = await googleSignUp('g-rd-2', 'rd2@example.com');
    const empty = await complete(p.token, {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors as object).sort()).toEqual(['adult', 'cpf', 'terms']);
    expect((await complete(p.token, { cpf: '123.456.789-00', adult: true, terms: true })).body.errors).toHaveProperty('cpf');
    expect((await complete(p.token, { cpf: freshCpf(), adult: false, terms: true })).body.errors).toHaveProperty('adult');
    expect((await view(p.token)).registration_details_required).toBe(true);
  });

  it('refuses a CPF of another account of the tenant and a CPF the regulator bars; fails closed when it cannot ask', async () => {
    const p = await googleSignUp('g-rd-3', 'rd3@example.com');
    const taken = freshCpf();
    await h.db.update(users).set({ cpf: taken }).where(eq(users.id, (await googleSignUp('g-rd-4', 'rd4@example.com')).userId));
    expect((await complete(p.token, { cpf: taken, adult: true, terms: true }, 'en')).body.errors).toEqual({ cpf: ['This CPF is already registered.'] });

    const barred = await complete(p.token, { cpf: DEMO_BARRED_CPF, adult: true, terms: true }, 'en');
    expect(barred.status).toBe(403);
    expect(barred.body).toMatchObject({ code: 'cpf_barred' });
    expect((barred.body.errors as { cpf: string[] }).cpf[0]).toMatch(/^This CPF is on the Ministry of Finance’s list of people barred from betting/);

    await h.app.request('/sandbox-sigap/outage', { method: 'PUT', headers: { host: 'localhost', 'content-type': 'application/json' }, body: JSON.stringify({ on: true }) });
    try {
      const down = await complete(p.token, { cpf: freshCpf(), adult: true, terms: true });
      expect([down.status, down.body.code]).toEqual([503, 'barred_check_unavailable']);
    } finally {
      await h.app.request('/sandbox-sigap/outage', { method: 'PUT', headers: { host: 'localhost', 'content-type': 'application/json' }, body: JSON.stringify({ on: false }) });
    }
    const [user] = await h.db.select().from(users).where(eq(users.id, p.userId));
    expect(user?.cpf).toBeNull();
    expect((await view(p.token)).registration_details_required).toBe(true);
  });
});
