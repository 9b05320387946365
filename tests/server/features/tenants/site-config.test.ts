import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { seedDemoTenants, silentLog, testApp } from '../../helpers/app.ts';

let tdb: TestDatabase;
let app: Hono;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  app = testApp(tdb.handle.db, { env: { PUBLIC_API_URL: '/api' } });
});
afterAll(() => tdb.close());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('GET /api/site-config', () => {
  it('answers the tenant named by ?domain= with api_url, realtime and ogTitle', async () => {
    const res = await get('/api/site-config?domain=sorte.localhost&t=123', { host: 'localhost:4321' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      domain: 'sorte.localhost',
      siteTitle: 'Sorte Lunar',
      ogTitle: 'Sorte Lunar',
      api_url: '/api',
      systemExists: true,
      maintenance: false,
      min_deposit: 1000,
      realtime: { key: 'app-key', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
    });
    expect(body.colors.primary).toBe('#8B3DFF');
    expect(body.banners).toHaveLength(3);
  });

  it('without ?domain= takes the tenant from Origin, then Host', async () => {
    const byOrigin = await get('/api/site-config', { origin: 'http://sorte.localhost:4321', host: 'localhost:4321' });
    expect((await byOrigin.json()).domain).toBe('sorte.localhost');
    const byHost = await get('/api/site-config', { host: 'localhost:4321' });
    expect((await byHost.json()).domain).toBe('localhost');
  });

  it('answers 402 for a tenant in maintenance, with what the maintenance screen needs', async () => {
    for (const headers of [{ host: 'manutencao.localhost:4321' }, { origin: 'http://manutencao.localhost:4321' }] as Record<string, string>[]) {
      const res = await get('/api/site-config', headers);
      expect(res.status).toBe(402);
      const body = await res.json();
      expect(body).toMatchObject({ maintenance: true, siteTitle: 'Farol Jogos', ogTitle: 'Farol Jogos', message: 'Créditos insuficientes.' });
      expect(body).not.toHaveProperty('min_deposit');
    }
    const res = await get('/api/site-config?domain=manutencao.localhost');
    expect(res.status).toBe(402);
  });

  it('answers 404 for an unknown domain and never another tenant', async () => {
    for (const path of ['/api/site-config?domain=unknown.localhost', '/api/site-config?domain=not a host']) {
      const res = await get(path, { host: 'localhost:4321' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Plataforma não encontrada.', systemExists: false });
    }
    const byHost = await get('/api/site-config', { host: 'unknown.localhost' });
    expect(byHost.status).toBe(404);
    const en = await get('/api/site-config', { host: 'unknown.localhost', 'accept-language': 'en-US,en;q=0.9' });
    expect((await en.json()).message).toBe('Platform not found.');
  });

  it('does not fail because of a stale bearer token', async () => {
    const res = await get('/api/site-config', { host: 'localhost', authorization: 'Bearer stale-token' });
    expect(res.status).toBe(200);
  });

  it('reports https and TLS for a non-local domain configuration', async () => {
    const https = testApp(tdb.handle.db, { env: { SITE_ORIGIN_SCHEME: 'https', PUBLIC_API_URL: 'https://api.example.com' } });
    const body = await (await https.request('/api/site-config?domain=localhost')).json();
    expect(body.api_url).toBe('https://api.example.com');
    expect(body.realtime.forceTLS).toBe(true);
  });
});

describe('GET /api/categories and /api/settings/banners', () => {
  it('lists the tenant categories in order with both languages', async () => {
    const res = await get('/api/categories', { host: 'sorte.localhost' });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((c: { slug: string }) => c.slug)).toEqual(['slots', 'crash', 'live-casino', 'table-games', 'originals']);
    expect(data[2]).toEqual({ slug: 'live-casino', name: { pt: 'Cassino ao vivo', en: 'Live casino' }, order: 3 });
  });

  it('lists the tenant banners from its configuration', async () => {
    const res = await get('/api/settings/banners', { origin: 'http://sorte.localhost:4321' });
    const { data } = await res.json();
    expect(data.map((b: { id: string }) => b.id)).toEqual(['pix', 'crash', 'responsible']);
    expect(data[0].image).toBe('/demo/sorte.localhost/banner-pix.svg');
    expect(data[0].alt.en).toContain('Pix');
  });

  it('answers 402 for a tenant in maintenance and 404 for an unknown one', async () => {
    expect((await get('/api/categories', { host: 'manutencao.localhost' })).status).toBe(402);
    expect((await get('/api/settings/banners', { host: 'unknown.localhost' })).status).toBe(404);
  });
});
