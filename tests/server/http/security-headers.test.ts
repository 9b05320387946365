import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { API_CSP, HSTS, PERMISSIONS_POLICY } from '../../../server/http/security-headers.ts';
import { serveSites } from '../../../server/sites/serve.ts';
import { switchSite } from '../../../server/sites/switch.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog, testConfig } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';

const INLINE = "document.documentElement.dataset.ready='1'";
const PAGE = `<!doctype html><html><head><script type="application/json" id="tenant-runtime">{"apiUrl":"/api","realtime":{"key":"app-key","host":"","port":6001,"forceTLS":false}}</script></head><body><h1>Olá</h1><script>${INLINE}</script>${'<p>texto</p>'.repeat(50)}</body></html>`;

let tdb: TestDatabase;
let sitesDir: string;
let app: Hono;

async function put(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  sitesDir = await mkdtemp(join(tmpdir(), 'security-headers-'));
  const root = join(sitesDir, '.builds', 'localhost_20250101T000000000Z_1');
  await put(join(root, 'index.html'), PAGE);
  await writeFile(join(root, 'index.html.br'), brotliCompressSync(Buffer.from(PAGE)));
  await put(join(root, '404.html'), PAGE);
  await put(join(root, 'sw-custom.js'), "self.addEventListener('push',()=>{})");
  await switchSite(sitesDir, 'localhost', 'localhost_20250101T000000000Z_1');
  app = createApp({ db: tdb.handle.db, config: testConfig(), sites: fakeSiteBuilder(), logger: silentLog, staticSites: serveSites({ sitesDir }) });
});
afterAll(async () => {
  await tdb.close();
  await rm(sitesDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => Promise.resolve(app.request(url, { headers: { host: 'localhost', ...headers } }));

function expectCommonHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
}

describe('security headers', () => {
  it('API answers (success, 404, 401) carry nosniff, referrer and permissions policies and a deny-all CSP', async () => {
    for (const [path, status] of [
      ['/api/geoip', 200],
      ['/api/nothing/here', 404],
      ['/api/profile/wallet', 401],
    ] as const) {
      const res = await get(`http://localhost${path}`);
      expect(res.status).toBe(status);
      expectCommonHeaders(res);
      expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends Strict-Transport-Security over https, directly or as told by the proxy', async () => {
    expect((await get('https://localhost/api/geoip')).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await get('http://localhost/api/geoip', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await get('http://localhost/api/geoip', { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
  });

  it('site pages get their own CSP (inline scripts by hash, realtime on the page host, framing by self only), compressed or not', async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Array<Record<string, string>>) {
      const res = await get('http://localhost/', headers);
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' ${hash}`);
      expect(csp).toContain('ws://localhost:6001');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    const missing = await get('http://localhost/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('other static files get no CSP (it would govern the service worker) but still nosniff', async () => {
    const sw = await get('http://localhost/sw-custom.js');
    expect(sw.status).toBe(200);
    expectCommonHeaders(sw);
    expect(sw.headers.get('content-security-policy')).toBeNull();
  });
});
