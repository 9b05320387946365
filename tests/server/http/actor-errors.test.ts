import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../../../server/db/schema.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { createUser } from '../../../server/features/users/create-user.ts';
import { issueAccessToken, revokeAccessToken } from '../../../server/features/users/tokens.ts';
import { requireUser } from '../../../server/http/actor.ts';
import type { AppEnv } from '../../../server/http/context.ts';
import { DomainError, ValidationError } from '../../../server/http/errors.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedDemoTenants, silentLog, testApp } from '../helpers/app.ts';

/** Test-only routes mounted like a feature's, exposing what the middleware resolved. */
const probe = new Hono<AppEnv>()
  .get('/probe/whoami', (c) => c.json({ actor: c.get('actor'), lmcp: c.get('lmcp'), tenant: c.get('tenant').domain }))
  .get('/probe/me', requireUser, (c) => c.json({ actor: c.get('actor') }))
  .get('/probe/domain-error', () => {
    throw new DomainError('self_excluded', 403, undefined, { message: { pt: 'Conta em autoexclusão.', en: 'Self-excluded account.' }, details: { selfExcluded: true } });
  })
  .get('/probe/validation-error', () => {
    throw new ValidationError({ email: ['E-mail é permitido apenas 30 caracteres'] });
  })
  .post('/probe/valibot', async (c) => c.json(v.parse(v.object({ name: v.pipe(v.string(), v.minLength(2, 'too short')), age: v.number('must be a number') }), await c.req.json())))
  .get('/probe/http-exception', () => {
    throw new HTTPException(429);
  })
  .get('/probe/crash', () => {
    throw new Error('database exploded with secret details');
  });

let tdb: TestDatabase;
let app: Hono;
let tenantIds: { local: number; sorte: number };
let userId: number;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  const local = await findTenantByDomain(tdb.handle.db, 'localhost');
  const sorte = await findTenantByDomain(tdb.handle.db, 'sorte.localhost');
  tenantIds = { local: local!.id, sorte: sorte!.id };
  userId = (await createUser(tdb.handle.db, { tenantId: tenantIds.local, name: 'Maria Silva', username: '+5511987654321' })).id;
  app = testApp(tdb.handle.db, { extraRoutes: [probe] });
});
afterAll(() => tdb.close());

const whoami = async (headers: Record<string, string>) => (await app.request('/api/probe/whoami', { headers: { host: 'localhost:4321', ...headers } })).json();

describe('actor resolution', () => {
  it('takes a well-formed Guest-ID as a guest', async () => {
    expect((await whoami({ 'guest-id': 'guest-Ab3dE6gH9k' })).actor).toEqual({ kind: 'guest', guestId: 'guest-Ab3dE6gH9k' });
  });

  it.each(['guest-short', 'guest-has space1', 'visitor-ABCDEFGH12', `guest-${'a'.repeat(65)}`, 'guest-abc$defgh'])('ignores malformed Guest-ID %s', async (id) => {
    expect((await whoami({ 'guest-id': id })).actor).toBeNull();
  });

  it('resolves a valid bearer token to its user (preferred over Guest-ID) and records its use', async () => {
    const { token, tokenId } = await issueAccessToken(tdb.handle.db, { userId, tenantId: tenantIds.local });
    const body = await whoami({ authorization: `Bearer ${token}`, 'guest-id': 'guest-Ab3dE6gH9k' });
    expect(body.actor).toEqual({ kind: 'user', userId, name: 'Maria Silva', tokenId });
    const [row] = await tdb.handle.db.select().from(accessTokens).where(eq(accessTokens.id, tokenId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(row?.tokenHash).not.toBe(token);
    const me = await app.request('/api/probe/me', { headers: { host: 'localhost', authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('treats revoked, expired, unknown and other-tenant tokens as no user; requireUser answers 401', async () => {
    const revoked = await issueAccessToken(tdb.handle.db, { userId, tenantId: tenantIds.local });
    await revokeAccessToken(tdb.handle.db, revoked.tokenId);
    const expired = await issueAccessToken(tdb.handle.db, { userId, tenantId: tenantIds.local, expiresAt: new Date(Date.now() - 1000) });
    const valid = await issueAccessToken(tdb.handle.db, { userId, tenantId: tenantIds.local });
    const cases: Array<[string, string]> = [
      [revoked.token, 'localhost'],
      [expired.token, 'localhost'],
      ['not-a-real-token', 'localhost'],
      [valid.token, 'sorte.localhost'],
    ];
    for (const [token, host] of cases) {
      const body = await whoami({ host, authorization: `Bearer ${token}`, 'guest-id': 'guest-Fallback99' });
      expect(body.actor).toEqual({ kind: 'guest', guestId: 'guest-Fallback99' });
      const me = await app.request('/api/probe/me', { headers: { host, authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);
      expect(await me.json()).toEqual({ message: 'Sua sessão expirou. Faça login novamente.' });
    }
  });

  it('passes lmcp through when well-formed', async () => {
    expect((await whoami({ lmcp: 'camp-2025_spring' })).lmcp).toBe('camp-2025_spring');
    expect((await whoami({ lmcp: '<script>' })).lmcp).toBeNull();
    expect((await whoami({})).lmcp).toBeNull();
  });

  it('mounts extra routes behind the tenant middleware', async () => {
    expect((await whoami({ origin: 'http://sorte.localhost:4321' })).tenant).toBe('sorte.localhost');
    expect((await app.request('/api/probe/whoami', { headers: { host: 'manutencao.localhost' } })).status).toBe(402);
  });
});

describe('error shapes (section 8)', () => {
  const call = (path: string, init: RequestInit = {}) => app.request(path, { ...init, headers: { host: 'localhost', ...(init.headers ?? {}) } });

  it('maps a DomainError to its status, localized message and details', async () => {
    const pt = await call('/api/probe/domain-error');
    expect(pt.status).toBe(403);
    expect(await pt.json()).toEqual({ message: 'Conta em autoexclusão.', selfExcluded: true });
    const en = await call('/api/probe/domain-error', { headers: { 'accept-language': 'en' } });
    expect((await en.json()).message).toBe('Self-excluded account.');
  });

  it('maps validation failures to 422 with an errors object', async () => {
    const res = await call('/api/probe/validation-error');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'Os dados informados são inválidos.', errors: { email: ['E-mail é permitido apenas 30 caracteres'] } });
    const vali = await call('/api/probe/valibot', { method: 'POST', body: JSON.stringify({ name: 'x', age: 'old' }), headers: { 'content-type': 'application/json' } });
    expect(vali.status).toBe(422);
    expect((await vali.json()).errors).toEqual({ name: ['too short'], age: ['must be a number'] });
  });

  it('maps HTTP exceptions and unknown errors to the catalogue, without leaking details', async () => {
    const limited = await call('/api/probe/http-exception');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Muitas requisições. Aguarde um momento e tente novamente.' });
    const crash = await call('/api/probe/crash', { headers: { 'accept-language': 'en-GB' } });
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ message: 'Server error. Please try again later.' });
  });

  it('answers unknown API routes and non-API paths with JSON 404 when no site server is mounted', async () => {
    for (const path of ['/api/nope', '/api/operator/nope', '/some/page']) {
      const res = await call(path, { headers: { 'x-operator-key': 'demo-key-localhost' } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Não encontrado.' });
    }
  });
});

describe('GET /api/geoip', () => {
  it.each([
    [{ 'cf-ipcountry': 'PT' }, { countryCode: 'PT', callingCode: '351' }],
    [{ 'cf-ipcountry': 'us' }, { countryCode: 'US', callingCode: '1' }],
    [{ 'cf-ipcountry': 'XX' }, { countryCode: 'BR', callingCode: '55' }],
    [{ 'cf-ipcountry': 'T1' }, { countryCode: 'BR', callingCode: '55' }],
    [{}, { countryCode: 'BR', callingCode: '55' }],
  ])('%o → %o', async (headers, expected) => {
    const res = await app.request('/api/geoip', { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
  });

  it('reads the header named by GEOIP_COUNTRY_HEADER, even for hosts that are no tenant', async () => {
    const custom = testApp(tdb.handle.db, { env: { GEOIP_COUNTRY_HEADER: 'X-Country-Code' } });
    const res = await custom.request('/api/geoip', { headers: { 'x-country-code': 'AR', 'cf-ipcountry': 'PT', host: 'nowhere.example' } });
    expect(await res.json()).toEqual({ countryCode: 'AR', callingCode: '54' });
  });
});
