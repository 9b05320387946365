import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSites } from '../../../server/sites/serve.ts';
import { switchSite } from '../../../server/sites/switch.ts';

/** A hand-made sites folder laid out exactly as buildTenantSite writes it. */
let sitesDir: string;
let app: Hono;

const longHtml = (label: string): string => `<!doctype html><html><body><h1>${label}</h1>${'<p>Jogue com responsabilidade.</p>'.repeat(40)}</body></html>`;

async function put(file: string, content: string, compress = false): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  if (compress) {
    await writeFile(`${file}.br`, brotliCompressSync(Buffer.from(content)));
    await writeFile(`${file}.gz`, gzipSync(Buffer.from(content)));
  }
}

async function makeBuild(folder: string, label: string): Promise<void> {
  const root = join(sitesDir, '.builds', folder);
  await put(join(root, 'index.html'), longHtml(`${label} home`), true);
  await put(join(root, 'terms/index.html'), longHtml(`${label} terms`), true);
  await put(join(root, 'en/index.html'), longHtml(`${label} en home`), true);
  await put(join(root, '404.html'), longHtml(`${label} not found`), true);
  await put(join(root, 'en/404/index.html'), longHtml(`${label} en not found`), true);
  await put(join(root, '_astro/app.AbC123.css'), `body{color:red}${' '.repeat(400)}`, true);
  await put(join(root, 'sw-custom.js'), `self.addEventListener('push',()=>{});${' '.repeat(400)}`, true);
  await put(join(root, 'logo.png'), 'not really a png');
}

function get(path: string, host: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return Promise.resolve(app.request(`http://${host}${path}`, { method, headers: { host, ...headers } }));
}

async function bodyText(res: Response): Promise<string> {
  const raw = Buffer.from(await res.arrayBuffer());
  const enc = res.headers.get('content-encoding');
  if (enc === 'br') return brotliDecompressSync(raw).toString();
  if (enc === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-serve-'));
  await makeBuild('alpha.localhost_20250101T000000000Z_1', 'alpha');
  await makeBuild('beta.localhost_20250101T000000000Z_1', 'beta');
  await makeBuild('_fallback_20250101T000000000Z_1', 'fallback');
  await switchSite(sitesDir, 'alpha.localhost', 'alpha.localhost_20250101T000000000Z_1');
  await switchSite(sitesDir, 'beta.localhost', 'beta.localhost_20250101T000000000Z_1');
  await switchSite(sitesDir, '_fallback', '_fallback_20250101T000000000Z_1');
  // A secret beside the sites folder that traversal must never reach.
  await writeFile(join(sitesDir, '..', `${sitesDir.split('/').pop()}-secret.txt`), 'secret');
  await writeFile(join(sitesDir, 'secret.txt'), 'secret');
  app = new Hono();
  app.all('*', serveSites({ sitesDir }));
});

afterAll(async () => {
  await rm(join(sitesDir, '..', `${sitesDir.split('/').pop()}-secret.txt`), { force: true });
  await rm(sitesDir, { recursive: true, force: true });
});

describe('serveSites', () => {
  it('picks the site by Host, ignoring port and case', async () => {
    const a = await get('/', 'Alpha.Localhost:4321');
    expect(a.status).toBe(200);
    expect(await bodyText(a)).toContain('alpha home');
    const b = await get('/terms', 'beta.localhost');
    expect(b.status).toBe(200);
    expect(b.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await bodyText(b)).toContain('beta terms');
    expect(await bodyText(await get('/terms/', 'beta.localhost'))).toContain('beta terms');
  });

  it('serves the fallback page with status 404 for unknown or malformed hosts, and its assets with 200', async () => {
    for (const host of ['gamma.localhost', 'bad_host', '[::1]:4321']) {
      const res = await get('/', host);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const text = await bodyText(res);
      expect(text).toContain('fallback home');
      expect(text).not.toContain('alpha');
    }
    const page = await get('/terms', 'gamma.localhost');
    expect(page.status).toBe(404);
    expect(await bodyText(page)).toContain('fallback');
    const css = await get('/_astro/app.AbC123.css', 'gamma.localhost');
    expect(css.status).toBe(200);
  });

  it('never leaves the site folder', async () => {
    const name = sitesDir.split('/').pop() as string;
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/terms/..%2f..%2fsecret.txt',
      `/..%2f..%2f${name}-secret.txt`,
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/..\\secret.txt',
      '/%00index.html',
      '/%zz',
    ];
    for (const path of attempts) {
      const res = await get(path, 'alpha.localhost');
      const text = await bodyText(res);
      expect(text, path).not.toBe('secret');
      expect(text, path).not.toContain('root:');
      expect(res.status, path).toBe(404);
    }
    // Another site's folder is not reachable through `..` either.
    const res = await get('/../beta.localhost/index.html', 'alpha.localhost');
    expect(await bodyText(res)).not.toContain('beta');
  });

  it('negotiates brotli, then gzip, then identity, with Vary', async () => {
    const br = await get('/', 'alpha.localhost', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(await bodyText(br)).toContain('alpha home');

    const gz = await get('/', 'alpha.localhost', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await bodyText(gz)).toContain('alpha home');

    const plain = await get('/', 'alpha.localhost', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toContain('alpha home');

    const png = await get('/logo.png', 'alpha.localhost', { 'accept-encoding': 'br' });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('sets caching headers: immutable hashed assets, no-cache HTML and service worker', async () => {
    const css = await get('/_astro/app.AbC123.css', 'alpha.localhost');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const html = await get('/', 'alpha.localhost');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const sw = await get('/sw-custom.js', 'alpha.localhost');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const logo = await get('/logo.png', 'alpha.localhost');
    expect(logo.headers.get('cache-control')).toBe('no-cache');
    expect(logo.headers.get('service-worker-allowed')).toBeNull();
  });

  it("answers unknown paths with the site's 404 page, the English one under /en", async () => {
    const pt = await get('/nao-existe', 'alpha.localhost');
    expect(pt.status).toBe(404);
    expect(await bodyText(pt)).toContain('alpha not found');
    const en = await get('/en/missing', 'alpha.localhost');
    expect(en.status).toBe(404);
    expect(await bodyText(en)).toContain('alpha en not found');
    // Precompressed variants are not addressable on their own.
    expect((await get('/index.html.br', 'alpha.localhost')).status).toBe(404);
  });

  it('supports HEAD, ETag and 304', async () => {
    const head = await get('/', 'alpha.localhost', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get('etag');
    expect(etag).toMatch(/^".+-br"$/);

    const again = await get('/', 'alpha.localhost', { 'accept-encoding': 'br', 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // The gzip representation has its own tag, so a cached br body is never reused for it.
    const gz = await get('/', 'alpha.localhost', { 'accept-encoding': 'gzip', 'if-none-match': etag as string });
    expect(gz.status).toBe(200);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await get('/', 'alpha.localhost', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('serves a new build as soon as the symlink is flipped', async () => {
    expect(await bodyText(await get('/', 'alpha.localhost'))).toContain('alpha home');
    await makeBuild('alpha.localhost_20250102T000000000Z_1', 'alpha-v2');
    await switchSite(sitesDir, 'alpha.localhost', 'alpha.localhost_20250102T000000000Z_1');
    expect(await bodyText(await get('/', 'alpha.localhost'))).toContain('alpha-v2 home');
    expect(await bodyText(await get('/', 'beta.localhost'))).toContain('beta home');
  });

  it('answers plainly when not even the fallback site is built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'sites-empty-'));
    const bare = new Hono();
    bare.get('*', serveSites({ sitesDir: empty }));
    const res = await bare.request('http://x.localhost/', { headers: { host: 'x.localhost' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no site has been built yet');
    await rm(empty, { recursive: true, force: true });
  });
});
