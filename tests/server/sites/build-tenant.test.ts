import { access, lstat, mkdtemp, readdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenantSite, createSiteBuilder, serveSites } from '../../../server/sites/index.ts';
import { INPUTS_SUFFIX, SCRIPTS_SUFFIX } from '../../../server/sites/layout.ts';
import { fixtureBundle, makeMiniSite } from './mini-site.ts';

/**
 * Real `astro build` runs of a small astro project (fixtures/mini-site), so the
 * pipeline — bundle hand-off, precompression, atomic switch, failure handling,
 * queueing — is proven end to end in about five seconds per build.
 */

let mini: { root: string; dispose(): Promise<void> };
let sitesDir: string;
const lines: string[] = [];
const log = (line: string): void => void lines.push(line);

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
/** Build folders (not the page inputs files beside them, server/sites/incremental.ts). */
const builds = async (): Promise<string[]> => (await readdir(join(sitesDir, '.builds'))).filter((f) => !f.endsWith(INPUTS_SUFFIX) && !f.endsWith(SCRIPTS_SUFFIX)).sort();
const served = (name: string): Promise<string> => readlink(join(sitesDir, name));

async function fetchPage(host: string, path = '/'): Promise<{ status: number; text: string; encoding: string | null }> {
  const app = new Hono();
  app.get('*', serveSites({ sitesDir }));
  const res = await app.request(`http://${host}${path}`, { headers: { host, 'accept-encoding': 'br' } });
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return { status: res.status, encoding, text: encoding === 'br' ? brotliDecompressSync(raw).toString() : raw.toString() };
}

beforeAll(async () => {
  mini = await makeMiniSite();
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-build-'));
});

afterAll(async () => {
  await mini?.dispose();
  await rm(sitesDir, { recursive: true, force: true });
});

describe('buildTenantSite', { timeout: 120_000 }, () => {
  let alphaV1: string;

  it('builds a tenant with astro, precompresses it and points the site at the new build', async () => {
    const result = await buildTenantSite({
      domain: 'alpha.localhost',
      bundle: fixtureBundle('alpha.localhost', 'Alpha Cassino'),
      sitesDir,
      projectRoot: mini.root,
      log,
    });
    alphaV1 = result.dir;
    expect(result.domain).toBe('alpha.localhost');
    expect(result.pages).toBe(6);
    expect(result.ms).toBeGreaterThan(0);
    expect(await realpath(join(sitesDir, 'alpha.localhost'))).toBe(await realpath(result.dir));
    expect((await lstat(join(sitesDir, 'alpha.localhost'))).isSymbolicLink()).toBe(true);
    for (const file of ['index.html', 'en/index.html', 'terms/index.html', '404.html', 'en/404/index.html']) {
      expect(await exists(join(result.dir, file)), file).toBe(true);
      expect(await exists(join(result.dir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(await exists(join(result.dir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    const css = (await readdir(join(result.dir, '_astro'))).filter((f) => f.endsWith('.css'));
    expect(css.length).toBe(1);
    expect(await exists(join(result.dir, '_astro', `${css[0]}.br`))).toBe(true);
    const html = await readFile(join(result.dir, 'index.html'), 'utf8');
    expect(brotliDecompressSync(await readFile(join(result.dir, 'index.html.br'))).toString()).toBe(html);
    expect(html).toContain('Alpha Cassino');
    expect(lines.some((l) => l.includes('alpha.localhost: 6 pages'))).toBe(true);

    const page = await fetchPage('alpha.localhost', '/en/');
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('br');
    expect(page.text).toContain('Alpha Cassino: Home');
  });

  it('rebuilds one tenant without touching another, keeping the previous build for rollback', async () => {
    const beta = await buildTenantSite({ domain: 'beta.localhost', bundle: fixtureBundle('beta.localhost', 'Beta Bet'), sitesDir, projectRoot: mini.root });
    const betaLink = await lstat(join(sitesDir, 'beta.localhost'));
    const betaDir = await stat(beta.dir);

    const v2 = await buildTenantSite({ domain: 'alpha.localhost', bundle: fixtureBundle('alpha.localhost', 'Alpha Dois'), sitesDir, projectRoot: mini.root });
    expect(v2.dir).not.toBe(alphaV1);
    expect((await fetchPage('alpha.localhost')).text).toContain('Alpha Dois');
    // Unchanged files (the hashed stylesheet) reuse the previous build's compressed siblings;
    // changed pages are compressed afresh.
    expect(v2.compressed.reused).toBeGreaterThan(0);
    expect(v2.compressed.reused).toBeLessThan(v2.compressed.files);
    const css = (await readdir(join(v2.dir, '_astro'))).find((f) => f.endsWith('.css')) as string;
    expect((await stat(join(v2.dir, '_astro', `${css}.br`))).ino).toBe((await stat(join(alphaV1, '_astro', `${css}.br`))).ino);
    const html = await readFile(join(v2.dir, 'index.html'), 'utf8');
    expect(brotliDecompressSync(await readFile(join(v2.dir, 'index.html.br'))).toString()).toBe(html);
    expect(await exists(alphaV1)).toBe(true);

    const betaLinkAfter = await lstat(join(sitesDir, 'beta.localhost'));
    expect(betaLinkAfter.ino).toBe(betaLink.ino);
    expect(betaLinkAfter.mtimeMs).toBe(betaLink.mtimeMs);
    expect((await stat(beta.dir)).mtimeMs).toBe(betaDir.mtimeMs);
    expect((await fetchPage('beta.localhost')).text).toContain('Beta Bet');
  });

  it('leaves the old site serving when astro fails, and removes the failed build', async () => {
    const before = await builds();
    const link = await served('alpha.localhost');
    await expect(
      buildTenantSite({ domain: 'alpha.localhost', bundle: fixtureBundle('alpha.localhost', ''), sitesDir, projectRoot: mini.root }),
    ).rejects.toThrow(/astro build failed[\s\S]*Malformed tenant configuration/);
    expect(await served('alpha.localhost')).toBe(link);
    expect(await builds()).toEqual(before);
    expect((await fetchPage('alpha.localhost')).text).toContain('Alpha Dois');

    await expect(
      buildTenantSite({
        domain: 'alpha.localhost',
        bundle: fixtureBundle('alpha.localhost', 'Nunca'),
        sitesDir,
        projectRoot: mini.root,
        astroBin: join(mini.root, 'no-such-astro.mjs'),
      }),
    ).rejects.toThrow(/astro build failed/);
    expect(await served('alpha.localhost')).toBe(link);
    expect(await builds()).toEqual(before);
  });

  it('refuses a domain that is not a host name, creating nothing', async () => {
    const before = await builds();
    await expect(
      buildTenantSite({ domain: '../evil', bundle: fixtureBundle('../evil', 'X'), sitesDir, projectRoot: mini.root }),
    ).rejects.toThrow(/Invalid tenant domain/);
    await expect(
      buildTenantSite({ domain: 'alpha.localhost', bundle: fixtureBundle('beta.localhost', 'X'), sitesDir, projectRoot: mini.root }),
    ).rejects.toThrow(/not alpha.localhost/);
    expect(await builds()).toEqual(before);
  });

  it('builds the fallback site without a bundle, served to unknown hosts with 404', async () => {
    const result = await buildTenantSite({ domain: null, bundle: null, sitesDir, projectRoot: mini.root });
    expect(await realpath(join(sitesDir, '_fallback'))).toBe(await realpath(result.dir));
    const page = await fetchPage('nobody.localhost');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Plataforma não encontrada');
    expect(page.text).not.toContain('Alpha');
  });
});

describe('createSiteBuilder', { timeout: 120_000 }, () => {
  it('queues rebuilds in the background, coalesces queued duplicates and records failures', async () => {
    const loads: string[] = [];
    const builder = createSiteBuilder({
      sitesDir,
      log,
      buildOptions: { projectRoot: mini.root },
      listDomains: async () => ['alpha.localhost', 'beta.localhost', 'gamma.localhost'],
      loadBundle: async (domain) => {
        loads.push(domain);
        if (domain === 'delta.localhost') throw new Error('No tenant has the domain delta.localhost');
        return fixtureBundle(domain, `Site ${domain}`);
      },
    });
    // beta starts building at once; gamma waits behind it, so a second request joins the queued one.
    const beta = await builder.rebuild('beta.localhost');
    const first = await builder.rebuild('gamma.localhost');
    const second = await builder.rebuild('Gamma.Localhost');
    expect(first.status).toBe('queued');
    expect(second.id).toBe(first.id);
    expect((await builder.status(beta.id))?.status).toBe('building');
    const failing = await builder.rebuild('delta.localhost');
    await expect(builder.rebuild('../x')).rejects.toThrow(/Invalid tenant domain/);

    const gamma = await builder.settled(first.id);
    expect((await builder.status(beta.id))?.status).toBe('succeeded');
    expect(loads.filter((d) => d === 'gamma.localhost')).toEqual(['gamma.localhost']);
    expect(gamma).toMatchObject({ id: first.id, domain: 'gamma.localhost', status: 'succeeded', pages: 6 });
    expect(gamma?.finishedAt).toBeDefined();
    expect((await fetchPage('gamma.localhost')).text).toContain('Site gamma.localhost');

    const delta = await builder.settled(failing.id);
    expect(delta).toMatchObject({ status: 'failed', error: 'No tenant has the domain delta.localhost' });
    expect(await exists(join(sitesDir, 'delta.localhost'))).toBe(false);
    expect(await builder.status('no-such-id')).toBeNull();

    // Everything already has a site: nothing is rebuilt, and the fallback exists.
    loads.length = 0;
    expect(await builder.buildAll({ onlyMissing: true })).toEqual([]);
    expect(await builder.ensureFallback()).toBeNull();
    expect(loads).toEqual([]);

    // A third alpha build prunes the first, keeping the one before it.
    const before = (await builds()).filter((f) => f.startsWith('alpha.localhost_'));
    expect(before.length).toBe(2);
    expect(before[1]).toBe(await served('alpha.localhost').then((l) => l.split('/').pop()));
    const again = await builder.settled((await builder.rebuild('alpha.localhost')).id);
    expect(again?.status).toBe('succeeded');
    const after = (await builds()).filter((f) => f.startsWith('alpha.localhost_'));
    expect(after.length).toBe(2);
    expect(after).toContain(before[1]);
    expect(after).not.toContain(before[0]);
  });
});
