import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerPlayer } from '../auth/helpers.ts';

const CLIENT_ID = 'ipe-client.apps.googleusercontent.com';
let jwks: Server;
let jwksUrl: string;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;
let h: AccountsHarness;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/oauth2/v3/certs`;
  h = await accountsHarness({ env: { GOOGLE_JWKS_URL: jwksUrl } });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

function idToken(claims: Record<string, unknown>, opts: { key?: CryptoKey; issuer?: string; audience?: string; expiresIn?: string | number } = {}): Promise<string> {
  return new SignJWT({ email_verified: true, name: 'Ana Souza', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? CLIENT_ID)
    .setSubject((claims.sub as string) ?? '1000001')
    .setIssuedAt(Math.floor(h.clock.now().getTime() / 1000))
    .setExpirationTime(opts.expiresIn ?? '1h')
    .sign(opts.key ?? privateKey);
}

describe('POST /auth/google', () => {
  it('is refused while the tenant does not allow Google login', async () => {
    const answer = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ email: 'ana@example.com' }) } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('O login com Google não está disponível neste site.');
  });

  it('creates an account from a verified token, then logs the same Google subject into it', async () => {
    await patchTenantConfig(h.db, h.tenants.local, { casAllowGoogleAuth: true, googleClientId: CLIENT_ID });
    const first = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-1', email: 'Ana@Example.com' }) } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', username: null, email_verified_at: h.clock.now().toISOString() });
    expect((await h.call('GET', '/auth/me', { token: first.body.token as string })).status).toBe(200);
    const again = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-1', email: 'ana@example.com' }, { issuer: 'accounts.google.com' }) } });
    expect((again.body.data as { id: number }).id).toBe((first.body.data as { id: number }).id);
  });

  it('links an existing account only when its e-mail is verified', async () => {
    const phone = '+5511987720001';
    const { token, user } = await registerPlayer(h, phone);
    const email = user.email as string;
    const unverified = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-2', email }) } });
    expect(unverified.status).toBe(422);
    await h.call('POST', '/auth/verify-email', { token, body: {} });
    await h.call('POST', '/auth/verify-code', { token, body: { channel: 'email', code: await h.latestCode(email) } });
    const linked = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-2', email }) } });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ id: user.id, username: phone });
    const [row] = await h.db.select().from(users).where(eq(users.id, user.id as number));
    expect(row?.googleSub).toBe('g-2');
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).status).toBe(200);
  });

  it.each([
    ['another audience', { audience: 'someone-else' }, {}],
    ['another issuer', { issuer: 'https://evil.example' }, {}],
    ['an unknown key', { key: undefined as unknown as CryptoKey, stranger: true }, {}],
    ['an expired token', { expiresIn: Math.floor(new Date('2025-06-01T10:00:00Z').getTime() / 1000) }, {}],
    ['an unverified e-mail', {}, { email_verified: false }],
  ])('refuses %s with 422', async (_label, opts, claims) => {
    const { stranger, ...rest } = opts as { stranger?: boolean } & Record<string, unknown>;
    const token = await idToken({ sub: 'g-3', email: 'zed@example.com', ...claims }, { ...rest, ...(stranger ? { key: strangerKey } : {}) } as never);
    const before = await h.rows(users);
    const answer = await h.call('POST', '/auth/google', { body: { idToken: token } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ idToken: ['Não foi possível validar o login com Google. Tente novamente.'] });
    expect(await h.rows(users)).toBe(before);
  });

  it('refuses a self-excluded player', async () => {
    const { token } = await registerPlayer(h, '+5511987720002');
    const [row] = await h.db.select().from(users).where(eq(users.username, '+5511987720002'));
    await h.db.update(users).set({ emailVerifiedAt: h.clock.now() }).where(eq(users.id, row!.id));
    await h.call('POST', '/profile/self-exclusion', { token, body: { value: 2, date: 'weeks' } });
    const answer = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-4', email: row!.email }) } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ selfExcluded: true, end_at: '2025-06-15T12:00:00.000Z' });
  });

  it('refuses a player the operator blocked', async () => {
    await registerPlayer(h, '+5511987720003');
    const [row] = await h.db.select().from(users).where(eq(users.username, '+5511987720003'));
    await h.db.update(users).set({ emailVerifiedAt: h.clock.now(), googleSub: 'g-5', blockedAt: h.clock.now(), blockedReason: 'Fraude.' }).where(eq(users.id, row!.id));
    const answer = await h.call('POST', '/auth/google', { body: { idToken: await idToken({ sub: 'g-5', email: row!.email }) } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ accountBlocked: true, message: 'Sua conta está bloqueada. Entre em contato com o suporte para saber mais.' });
  });

  it('validates the body', async () => {
    expect((await h.call('POST', '/auth/google', { body: {} })).body.errors).toEqual({ idToken: ['Este campo é obrigatório.'] });
    expect((await h.call('POST', '/auth/google', { body: { idToken: 42 } })).status).toBe(422);
  });
});
