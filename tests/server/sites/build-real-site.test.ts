import { access, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenantSite, serveSites } from '../../../server/sites/index.ts';
import { fixtureBundle } from './mini-site.ts';

/**
 * The real site (astro.config.mjs at the repository root) built for the
 * shared fixture tenant through the production pipeline, then served by host.
 */

let sitesDir: string;
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-real-'));
});

afterAll(async () => {
  await rm(sitesDir, { recursive: true, force: true });
});

describe('buildTenantSite with the real site', () => {
  it('builds both locales, precompressed, and serves them by host', { timeout: 240_000 }, async () => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte Grande');
    const result = await buildTenantSite({ domain: bundle.domain, bundle, sitesDir });
    expect(await realpath(join(sitesDir, 'sorte.localhost'))).toBe(await realpath(result.dir));
    expect(result.pages).toBeGreaterThanOrEqual(4);
    for (const file of ['index.html', 'en/index.html', '404.html']) {
      expect(await exists(join(result.dir, file)), file).toBe(true);
      expect(await exists(join(result.dir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(await exists(join(result.dir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    const html = await readFile(join(result.dir, 'index.html'), 'utf8');
    expect(brotliDecompressSync(await readFile(join(result.dir, 'index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(await readFile(join(result.dir, 'index.html.gz'))).toString()).toBe(html);
    expect(html).toContain('Sorte Grande');

    const app = new Hono();
    app.get('*', serveSites({ sitesDir }));
    const en = await app.request('http://sorte.localhost/en/', { headers: { host: 'sorte.localhost', 'accept-encoding': 'br' } });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-encoding')).toBe('br');
    const enHtml = brotliDecompressSync(Buffer.from(await en.arrayBuffer())).toString();
    expect(enHtml).toMatch(/<html[^>]*lang="en-US"/);
    const other = await app.request('http://other.localhost/', { headers: { host: 'other.localhost' } });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('Sorte Grande');
  });
});
