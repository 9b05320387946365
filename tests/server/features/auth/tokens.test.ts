import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../../../../server/db/schema.ts';
import { sha256Hex } from '../../../../server/db/hash.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerPlayer } from './helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

describe('bearer tokens', () => {
  it('refuses a token of tenant A on tenant B', async () => {
    const { token } = await registerPlayer(h, '+5511987660001');
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(200);
    const elsewhere = await h.call('GET', '/auth/me', { token, host: 'sorte.localhost' });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.message).toBe('Sua sessão expirou. Faça login novamente.');
  });

  it('refuses a revoked token everywhere (logout), and logout is idempotent', async () => {
    const { token } = await registerPlayer(h, '+5511987660002');
    const out = await h.call('GET', '/auth/logout', { token });
    expect(out.status).toBe(200);
    for (const host of ['localhost', 'sorte.localhost']) {
      expect((await h.call('GET', '/auth/me', { token, host })).status).toBe(401);
      expect((await h.call('GET', '/profile', { token, host })).status).toBe(401);
      expect((await h.call('POST', '/auth/update', { token, host, body: { name: 'Outro Nome' } })).status).toBe(401);
    }
    const [row] = await h.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256Hex(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await h.call('GET', '/auth/logout', { token })).status).toBe(200);
  });

  it('expires after 30 idle minutes, while activity keeps it alive (writes at most once a minute)', async () => {
    const { token } = await registerPlayer(h, '+5511987660003');
    const hash = sha256Hex(token);
    const lastUsed = async () => (await h.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, hash)))[0]?.lastUsedAt?.toISOString();
    const issuedAt = await lastUsed();
    h.clock.advance(30 * 1000);
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(200);
    expect(await lastUsed()).toBe(issuedAt);
    h.clock.advance(40 * 1000);
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(200);
    expect(await lastUsed()).toBe(h.clock.now().toISOString());
    for (let i = 0; i < 3; i++) {
      h.clock.advance(25 * 60 * 1000);
      expect((await h.call('GET', '/auth/me', { token })).status).toBe(200);
    }
    h.clock.advance(30 * 60 * 1000 + 1000);
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('expires 30 days after issue however active', async () => {
    await registerPlayer(h, '+5511987660004');
    const login = await h.call('POST', '/auth/login', { body: { username: '+5511987660004', password: PASSWORD } });
    const token = login.body.token as string;
    const [row] = await h.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, sha256Hex(token)));
    expect(row!.expiresAt!.getTime() - h.clock.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    await h.db.update(accessTokens).set({ expiresAt: new Date(h.clock.now().getTime() + 1000) }).where(eq(accessTokens.id, row!.id));
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(200);
    h.clock.advance(2000);
    expect((await h.call('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('guests and garbage tokens get 401 from /auth/me', async () => {
    expect((await h.call('GET', '/auth/me')).status).toBe(401);
    expect((await h.call('GET', '/auth/me', { token: 'x'.repeat(600) })).status).toBe(401);
  });

  it('password change keeps the current session and ends the others', async () => {
    const phone = '+5511987660005';
    const { token: first } = await registerPlayer(h, phone);
    const second = (await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).body.token as string;
    const mismatch = await h.call('POST', '/auth/request-password-change', {
      token: second,
      body: { current_password: PASSWORD, password: 'nova-senha1', password_confirmation: 'nova-senha2' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['As senhas não coincidem'] });
    const wrongCurrent = await h.call('POST', '/auth/request-password-change', {
      token: second,
      body: { current_password: 'errada-1', password: 'nova-senha1', password_confirmation: 'nova-senha1' },
    });
    expect(wrongCurrent.body.errors).toEqual({ current_password: ['A senha atual está incorreta.'] });
    const changed = await h.call('POST', '/auth/request-password-change', {
      token: second,
      body: { current_password: PASSWORD, password: 'nova-senha1', password_confirmation: 'nova-senha1' },
    });
    expect(changed.status).toBe(200);
    expect((await h.call('GET', '/auth/me', { token: second })).status).toBe(200);
    expect((await h.call('GET', '/auth/me', { token: first })).status).toBe(401);
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: 'nova-senha1' } })).status).toBe(200);
  });
});
