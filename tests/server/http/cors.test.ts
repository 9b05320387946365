import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedDemoTenants, silentLog, testApp } from '../helpers/app.ts';

/**
 * Issue 12: the API answered any Origin (even `null`) with itself as
 * Access-Control-Allow-Origin. Only the tenants' own site origins may read
 * answers cross-origin now.
 */

let tdb: TestDatabase;
let app: Hono;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  // PORT defaults to 4321: the demo sites' origins are http://{domain}:4321.
  app = testApp(tdb.handle.db);
});
afterAll(() => tdb.close());

const get = (target: Hono, origin: string, path = '/api/geoip', host = 'localhost:4321') => target.request(path, { headers: { origin, host } });

const preflight = (target: Hono, origin: string, headers = 'authorization,idempotency-key,x-request-id') =>
  target.request('/api/site-config', {
    method: 'OPTIONS',
    headers: { origin, host: 'localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });

describe('CORS on /api', () => {
  it.each(['http://localhost:4321', 'http://sorte.localhost:4321', 'http://manutencao.localhost:4321'])('allows the tenant origin %s', async (origin) => {
    const response = await get(app, origin);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toMatch(/origin/i);
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it.each([
    ['null', 'the opaque null origin'],
    ['https://evil.example', 'a stranger'],
    ['http://unknown.localhost:4321', 'a host no tenant serves'],
    ['http://localhost:8080', "a tenant's host on another port"],
    ['https://sorte.localhost:4321', "a tenant's host on another scheme"],
    ['http://sorte.localhost:4321.evil.example', 'a look-alike'],
    ['not an origin', 'garbage'],
  ])('refuses %s (%s): no Access-Control-Allow-Origin', async (origin) => {
    const response = await get(app, origin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(app, origin);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a tenant preflight allowing Idempotency-Key and X-Request-Id', async () => {
    const response = await preflight(app, 'http://sorte.localhost:4321');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://sorte.localhost:4321');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    for (const header of ['authorization', 'guest-id', 'content-type', 'accept-language', 'x-socket-id', 'idempotency-key', 'x-request-id']) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('allows the tenant origins when PUBLIC_API_URL is another host', async () => {
    const shared = testApp(tdb.handle.db, { env: { PUBLIC_API_URL: 'https://api.example.com/api' } });
    const response = await get(shared, 'http://sorte.localhost:4321', '/api/site-config', 'api.example.com');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://sorte.localhost:4321');
    expect((await response.json()).domain).toBe('sorte.localhost');
    expect((await get(shared, 'https://evil.example', '/api/geoip', 'api.example.com')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('follows SITE_ORIGIN_SCHEME and SITE_ORIGIN_PORT', async () => {
    const behindCdn = testApp(tdb.handle.db, { env: { SITE_ORIGIN_SCHEME: 'https', SITE_ORIGIN_PORT: '443' } });
    expect((await get(behindCdn, 'https://sorte.localhost')).headers.get('access-control-allow-origin')).toBe('https://sorte.localhost');
    expect((await get(behindCdn, 'http://sorte.localhost:4321')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
