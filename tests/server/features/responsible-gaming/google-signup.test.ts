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

describe('a first Google sign-in on a regulated tenant', () => {
  it('cannot bet or deposit until a loss limit and a session limit are chosen', async () => {
    const p = await googleSignUp('g-rg-1', 'gabi1@example.com');
    await applyMovement(h.db, { tenantId: p.tenantId, userId: p.userId, type: 'deposit', amount: 10_000, reference: 'rg-google-1' });
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
    expect((await view(linked.token)).registration_limits_required).toBe(false);
  });

  it('an unregulated tenant asks for none', async () => {
    await patchTenantConfig(h.db, h.tenants.sorte, { is_regulated: false });
    const p = await googleSignUp('g-rg-4', 'gabi4@example.com', 'sorte.localhost');
    expect((await h.call('GET', '/responsible-gambling', { host: 'sorte.localhost', token: p.token })).body.registration_limits_required).toBe(false);
    expect(await h.db.select().from(responsibleGaming).where(eq(responsibleGaming.userId, p.userId))).toHaveLength(0);
  });
});
