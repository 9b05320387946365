import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerBlockResponse, PlayerDetailView, PlayerPage } from '../../../../src/contract/backoffice.ts';
import { hashPassword } from '../../../../server/features/auth/password.ts';
import { auditLog } from '../../../../server/features/staff/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { accessTokens, users } from '../../../../server/features/users/schema.ts';
import { SORTE, SORTE_KEY, type StaffHarness, staffHarness } from '../staff/harness.ts';

const PASSWORD = 'senha-do-jogador1';
const BLOCKED_PT = 'Sua conta está bloqueada. Entre em contato com o suporte para saber mais.';
const BLOCKED_EN = 'Your account is blocked. Please contact support to find out more.';

let h: StaffHarness;
let sorteId: number;
let otherId: number;
let passwordHash: string;
let phones = 0;

beforeAll(async () => {
  h = await staffHarness();
  sorteId = (await findTenantByDomain(h.db, SORTE))!.id;
  otherId = (await findTenantByDomain(h.db, 'localhost'))!.id;
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => h.close());

/** A player with a password on a tenant (sorte unless told). */
async function player(tenantId = sorteId): Promise<{ id: number; phone: string }> {
  phones += 1;
  const phone = `+55119876${String(phones).padStart(5, '0')}`;
  const [row] = await h.db.insert(users).values({ tenantId, name: 'Bloqueável Silva', username: phone, passwordHash }).returning({ id: users.id });
  return { id: row!.id, phone };
}

/** A player call as the site makes it: a bearer token, and the language it asks for (Portuguese unless told). */
async function playerCall(method: string, path: string, opts: { token?: string; body?: unknown; lang?: string } = {}) {
  const headers: Record<string, string> = { host: SORTE, 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await h.app.request(`/api${path}`, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function login(phone: string, lang?: string) {
  return playerCall('POST', '/auth/login', { body: { username: phone, password: PASSWORD }, ...(lang ? { lang } : {}) });
}

async function loggedIn(phone: string): Promise<string> {
  const answer = await login(phone);
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

describe('blocking a player', () => {
  it('ends the sessions and refuses every call with the token and the login, in pt and en, until unblocked', async () => {
    const { id, phone } = await player();
    const token = await loggedIn(phone);
    const other = await loggedIn(phone);
    expect((await playerCall('GET', '/wallet/transactions', { token })).status).toBe(200);
    const email = await h.createStaff('support');
    const support = await h.login(email);

    const blocked = await h.request('POST', `/operator/players/${id}/block`, { cookie: support, body: { reason: '  Suspeita de fraude no cadastro.  ' } });
    expect(blocked.status).toBe(200);
    const { player: row } = blocked.body as unknown as PlayerBlockResponse;
    expect(row).toMatchObject({ id, blockedAt: expect.any(String), blockedReason: 'Suspeita de fraude no cadastro.' });

    // Every token of the player is revoked, and still answers why.
    const tokens = await h.db.select().from(accessTokens).where(eq(accessTokens.userId, id));
    expect(tokens.map((t) => t.revokedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    const wallet = await playerCall('GET', '/wallet/transactions', { token });
    expect(wallet.status).toBe(403);
    expect(wallet.body).toMatchObject({ message: BLOCKED_PT, accountBlocked: true, blocked_at: row.blockedAt });
    expect(JSON.stringify(wallet.body)).not.toContain('fraude');
    const me = await playerCall('GET', '/auth/me', { token: other, lang: 'en' });
    expect(me).toMatchObject({ status: 403, body: { message: BLOCKED_EN, accountBlocked: true } });

    // The login: refused with the same words once the password matched, the usual answer otherwise.
    expect(await login(phone)).toMatchObject({ status: 403, body: { message: BLOCKED_PT, accountBlocked: true } });
    expect(await login(phone, 'en')).toMatchObject({ status: 403, body: { message: BLOCKED_EN } });
    const wrong = await playerCall('POST', '/auth/login', { body: { username: phone, password: 'not-the-password1' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.accountBlocked).toBeUndefined();

    // The back office shows it.
    const detail = (await h.request('GET', `/operator/players/${id}`, { cookie: support })).body as unknown as PlayerDetailView;
    expect(detail).toMatchObject({ blockedAt: row.blockedAt, blockedReason: 'Suspeita de fraude no cadastro.' });
    expect(detail.sessions.map((s) => s.status)).toEqual(['revoked', 'revoked']);
    const found = (await h.request('GET', `/operator/players?q=${id}`, { cookie: support })).body as unknown as PlayerPage;
    expect(found.data.find((p) => p.id === id)).toMatchObject({ blockedAt: row.blockedAt });

    const unblocked = await h.request('POST', `/operator/players/${id}/unblock`, { cookie: support });
    expect(unblocked.status).toBe(200);
    expect((unblocked.body as unknown as PlayerBlockResponse).player).toMatchObject({ id, blockedAt: null, blockedReason: null });
    // The ended sessions stay ended; a new login works.
    expect((await playerCall('GET', '/wallet/transactions', { token })).status).toBe(401);
    const again = await loggedIn(phone);
    expect((await playerCall('GET', '/wallet/transactions', { token: again })).status).toBe(200);

    // Both changes are on record, with the state they found.
    const audited = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, sorteId), eq(auditLog.staffEmail, email), like(auditLog.path, '/players/%')))
      .orderBy(auditLog.id);
    expect(audited.map((a) => [a.path, a.status, a.before])).toEqual([
      [`/players/${id}/block`, 200, { blockedAt: null, blockedReason: null }],
      [`/players/${id}/unblock`, 200, { blockedAt: row.blockedAt, blockedReason: 'Suspeita de fraude no cadastro.' }],
    ]);
    expect(audited[0]!.request).toEqual({ reason: '  Suspeita de fraude no cadastro.  ' });
  });

  it('refuses to block a blocked player or unblock one who is not (409), leaving the first reason', async () => {
    const { id } = await player();
    expect((await h.request('POST', `/operator/players/${id}/unblock`, { key: SORTE_KEY })).status).toBe(409);
    expect((await h.request('POST', `/operator/players/${id}/block`, { key: SORTE_KEY, body: { reason: 'Primeiro motivo.' } })).status).toBe(200);
    const twice = await h.request('POST', `/operator/players/${id}/block`, { key: SORTE_KEY, body: { reason: 'Segundo motivo.' } });
    expect(twice).toMatchObject({ status: 409, body: { message: 'This player is already blocked.' } });
    const [stored] = await h.db.select().from(users).where(eq(users.id, id));
    expect(stored?.blockedReason).toBe('Primeiro motivo.');
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: '  ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
  ])('refuses %s with 422', async (_what, body) => {
    const { id } = await player();
    const answer = await h.request('POST', `/operator/players/${id}/block`, { key: SORTE_KEY, body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object)).toEqual(['reason']);
  });

  it('is 404 for another tenant’s player, who stays able to log in', async () => {
    const { id, phone } = await player(otherId);
    expect((await h.request('POST', `/operator/players/${id}/block`, { key: SORTE_KEY, body: { reason: 'Outro site.' } })).status).toBe(404);
    expect((await h.request('POST', `/operator/players/${id}/unblock`, { key: SORTE_KEY })).status).toBe(404);
    expect((await h.request('POST', '/operator/players/999999/block', { key: SORTE_KEY, body: { reason: 'Ninguém.' } })).status).toBe(404);
    const [stored] = await h.db.select().from(users).where(eq(users.id, id));
    expect(stored?.blockedAt).toBeNull();
    const res = await h.app.request('/api/auth/login', { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/json' }, body: JSON.stringify({ username: phone, password: PASSWORD }) });
    expect(res.status).toBe(200);
  });

  it('is closed to marketing', async () => {
    const { id, phone } = await player();
    const marketing = await h.login(await h.createStaff('marketing'));
    expect((await h.request('POST', `/operator/players/${id}/block`, { cookie: marketing, body: { reason: 'Sem permissão.' } })).status).toBe(403);
    expect((await h.request('POST', `/operator/players/${id}/unblock`, { cookie: marketing })).status).toBe(403);
    expect((await login(phone)).status).toBe(200);
  });
});
