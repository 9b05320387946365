import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { findTenantPage } from '../../../../server/features/tenants/pages.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type FakeSiteBuilder, fakeSiteBuilder, seedDemoTenants, silentLog, testApp } from '../../helpers/app.ts';

let tdb: TestDatabase;
let app: Hono;
let sites: FakeSiteBuilder;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  sites = fakeSiteBuilder();
  app = testApp(tdb.handle.db, { sites });
});
afterAll(() => tdb.close());

const SORTE_KEY = demoOperatorKey('sorte.localhost');
const LOCAL_KEY = demoOperatorKey('localhost');

async function call(method: string, path: string, opts: { key?: string; host?: string; body?: unknown; raw?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { host: opts.host ?? 'platform.internal:4321', 'content-type': 'application/json' };
  if (opts.key) headers['x-operator-key'] = opts.key;
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  return app.request(`/api/operator${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

const config = async (domain: string) => (await findTenantByDomain(tdb.handle.db, domain))!.config;

describe('operator authentication', () => {
  it('refuses a missing or unknown key with 401', async () => {
    expect((await call('GET', '/site-config')).status).toBe(401);
    expect((await call('GET', '/site-config', { key: 'demo-key-nobody.localhost' })).status).toBe(401);
  });

  it("acts on the key's own tenant from a shared API host or the tenant's own host", async () => {
    const shared = await call('GET', '/site-config', { key: SORTE_KEY });
    expect(shared.status).toBe(200);
    expect(await shared.json()).toMatchObject({ domain: 'sorte.localhost', status: 'active', config: { siteTitle: 'Sorte Lunar' } });
    const own = await call('GET', '/site-config', { key: SORTE_KEY, host: 'sorte.localhost' });
    expect(own.status).toBe(200);
  });

  it("refuses a key addressed to another tenant's host with 403, changing nothing", async () => {
    const before = await config('localhost');
    const res = await call('PATCH', '/site-config', { key: SORTE_KEY, host: 'localhost:4321', body: { siteTitle: 'Hijacked' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Você não tem permissão para realizar esta ação.' });
    expect(await config('localhost')).toEqual(before);
  });
});

describe('configuration updates', () => {
  it('replaces the whole configuration with PUT', async () => {
    const next = { ...(await config('sorte.localhost')), siteTitle: 'Sorte Lunar Plus', min_deposit: 2_000 };
    const res = await call('PUT', '/site-config', { key: SORTE_KEY, body: next });
    expect(res.status).toBe(200);
    expect((await res.json()).config.siteTitle).toBe('Sorte Lunar Plus');
    expect(await config('sorte.localhost')).toMatchObject({ siteTitle: 'Sorte Lunar Plus', min_deposit: 2_000 });
    const site = await app.request('/api/site-config?domain=sorte.localhost');
    expect((await site.json()).ogTitle).toBe('Sorte Lunar Plus');
  });

  it('refuses a malformed configuration with 422 naming the fields, keeping the old one', async () => {
    const before = await config('sorte.localhost');
    const bad = { ...before, colors: { ...before.colors, primary: 'purple' }, min_deposit: -5 } as Record<string, unknown>;
    delete bad.siteTitle;
    const res = await call('PUT', '/site-config', { key: SORTE_KEY, body: bad });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['colors.primary', 'min_deposit', 'siteTitle']);
    expect(body.errors['colors.primary']).toEqual(['must be a #rrggbb colour']);
    expect(await config('sorte.localhost')).toEqual(before);
  });

  it('refuses cross-field problems with 422 naming the field', async () => {
    const before = await config('sorte.localhost');
    const res = await call('PATCH', '/site-config', { key: SORTE_KEY, body: { min_withdrawal: 9_000_000 } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ min_withdrawal: ['min_withdrawal must not exceed max_withdrawal'] });
    expect(await config('sorte.localhost')).toEqual(before);
  });

  it('allows the ambient bet feed (fakeBets) only for a tenant that is not regulated', async () => {
    const before = await config('sorte.localhost');
    expect(before.is_regulated).toBe(true);
    const refused = await call('PATCH', '/site-config', { key: SORTE_KEY, body: { fakeBets: true } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ fakeBets: ['fakeBets cannot be on for a regulated tenant'] });
    expect(await config('sorte.localhost')).toEqual(before);
    const unregulated = await call('PATCH', '/site-config', { key: SORTE_KEY, body: { is_regulated: false, fakeBets: true } });
    expect(unregulated.status).toBe(200);
    expect(await config('sorte.localhost')).toMatchObject({ is_regulated: false, fakeBets: true });
    expect((await call('PATCH', '/site-config', { key: SORTE_KEY, body: { is_regulated: true, fakeBets: false } })).status).toBe(200);
  });

  it('merges a PATCH into the current configuration, nested objects included', async () => {
    const res = await call('PATCH', '/site-config', { key: SORTE_KEY, body: { colors: { primary: '#7A2EE6' }, hasBoxes: false } });
    expect(res.status).toBe(200);
    const after = await config('sorte.localhost');
    expect(after.colors.primary).toBe('#7A2EE6');
    expect(after.colors.secondary).toBe('#FF4FA3');
    expect(after.hasBoxes).toBe(false);
    expect(after.siteTitle).toBe('Sorte Lunar Plus');
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    expect((await call('PUT', '/site-config', { key: SORTE_KEY, raw: '{nope' })).status).toBe(400);
    expect((await call('PATCH', '/site-config', { key: SORTE_KEY, body: [1, 2] })).status).toBe(400);
  });
});

describe('status', () => {
  it('puts a tenant in maintenance and back', async () => {
    expect((await call('PUT', '/status', { key: LOCAL_KEY, body: { status: 'maintenance' } })).status).toBe(200);
    expect((await app.request('/api/site-config', { headers: { host: 'localhost' } })).status).toBe(402);
    // The operator API keeps working during maintenance.
    expect((await call('PUT', '/status', { key: LOCAL_KEY, host: 'localhost', body: { status: 'active' } })).status).toBe(200);
    expect((await app.request('/api/site-config', { headers: { host: 'localhost' } })).status).toBe(200);
  });

  it('refuses an unknown status with 422', async () => {
    const res = await call('PUT', '/status', { key: LOCAL_KEY, body: { status: 'closed' } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ status: ['must be active or maintenance'] });
  });
});

describe('pages', () => {
  it('stores sanitised HTML: no scripts, no event handlers, no javascript: links', async () => {
    const res = await call('PUT', '/pages/legal/terms/pt', {
      key: SORTE_KEY,
      body: {
        title: 'Termos',
        bodyHtml:
          '<h2 onclick="steal()">Regras</h2><script>alert(1)</script><p onmouseover="x()">Texto <a href="javascript:alert(1)">link</a> <a href="https://gov.br" target="_blank">gov</a></p><img src="x" onerror="boom()"><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(res.status).toBe(200);
    const { page } = await res.json();
    expect(page).toMatchObject({ kind: 'legal', slug: 'terms', locale: 'pt', title: 'Termos' });
    for (const html of [page.bodyHtml, (await findTenantPage(tdb.handle.db, (await findTenantByDomain(tdb.handle.db, 'sorte.localhost'))!.id, 'legal', 'terms', 'pt'))!.bodyHtml]) {
      expect(html).not.toMatch(/script|onclick|onmouseover|onerror|javascript:|iframe/i);
      expect(html).toContain('<h2>Regras</h2>');
      expect(html).toContain('rel="noopener noreferrer"');
    }
  });

  it('creates custom pages and refuses bad kinds, slugs and locales with 422', async () => {
    const ok = await call('PUT', '/pages/custom/promocoes-de-verao/en', { key: SORTE_KEY, body: { title: 'Summer', bodyHtml: '<p>Hi</p>' } });
    expect(ok.status).toBe(200);
    const badLegal = await call('PUT', '/pages/legal/cookies/pt', { key: SORTE_KEY, body: { title: 'x', bodyHtml: '' } });
    expect(badLegal.status).toBe(422);
    expect(Object.keys((await badLegal.json()).errors)).toEqual(['slug']);
    const badLocale = await call('PUT', '/pages/custom/sobre/fr', { key: SORTE_KEY, body: { title: 'x', bodyHtml: '' } });
    expect((await badLocale.json()).errors).toEqual({ locale: ['must be pt or en'] });
    const badKind = await call('PUT', '/pages/blog/sobre/pt', { key: SORTE_KEY, body: { title: 'x', bodyHtml: '' } });
    expect(badKind.status).toBe(422);
  });
});

describe('rebuilds', () => {
  it('starts a rebuild of the own tenant only and reports its status', async () => {
    const res = await call('POST', '/rebuild', { key: SORTE_KEY });
    expect(res.status).toBe(202);
    const { build } = await res.json();
    expect(build).toEqual({ id: expect.any(String), status: 'queued' });
    expect(sites.requested).toEqual(['sorte.localhost']);
    sites.finish(build.id, 'succeeded');
    const status = await call('GET', `/builds/${build.id}`, { key: SORTE_KEY });
    expect(await status.json()).toEqual({ build: { id: build.id, status: 'succeeded' } });
  });

  it("hides another tenant's builds and unknown ids with 404", async () => {
    const { build } = await (await call('POST', '/rebuild', { key: SORTE_KEY })).json();
    expect((await call('GET', `/builds/${build.id}`, { key: LOCAL_KEY })).status).toBe(404);
    expect((await call('GET', '/builds/nope', { key: SORTE_KEY })).status).toBe(404);
  });
});
