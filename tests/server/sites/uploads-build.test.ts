import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import type { BuildInputs } from '../../../server/sites/incremental.ts';
import { buildTenantSite, createSiteBuilder, serveSites } from '../../../server/sites/index.ts';
import { INPUTS_SUFFIX } from '../../../server/sites/layout.ts';
import type { PublicFile } from '../../../server/sites/public-dir.ts';
import { fixtureBundle, makeMiniSite } from './mini-site.ts';

/**
 * Uploaded images (issue 21) in a real `astro build` of the small fixture
 * project: written into the build's public folder as `uploads/<name>`,
 * served from the site, drawn by the images pipeline, and no input of the
 * pages (their fingerprint is the same with and without uploads, so game
 * pages are still taken from the previous build).
 */

const DOMAIN = 'alpha.localhost';
const NAME = '0123456789abcdef01234567.png';
let mini: { root: string; dispose(): Promise<void> };
let sitesDir: string;
let png: Uint8Array;

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
const sharedOf = async (dir: string): Promise<string> => (JSON.parse(await readFile(dir + INPUTS_SUFFIX, 'utf8')) as BuildInputs).shared;
const uploads = (): PublicFile[] => [{ path: `uploads/${NAME}`, bytes: png }];

beforeAll(async () => {
  mini = await makeMiniSite();
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-uploads-'));
  png = new Uint8Array(await sharp({ create: { width: 400, height: 100, channels: 4, background: '#c00' } }).png().toBuffer());
});

afterAll(async () => {
  await mini?.dispose();
  await rm(sitesDir, { recursive: true, force: true });
});

describe('a site build with uploaded images', { timeout: 180_000 }, () => {
  let withoutUploads: string;

  it('builds a tenant without uploads from its repository folder alone', async () => {
    const result = await buildTenantSite({ domain: DOMAIN, bundle: fixtureBundle(DOMAIN, 'Alpha'), sitesDir, projectRoot: mini.root });
    withoutUploads = result.dir;
    expect(await exists(join(result.dir, 'uploads'))).toBe(false);
  });

  it('serves an upload at /uploads/<name>, without changing what the pages are built from', async () => {
    const result = await buildTenantSite({ domain: DOMAIN, bundle: fixtureBundle(DOMAIN, 'Alpha'), sitesDir, projectRoot: mini.root, publicFiles: uploads() });
    expect(Buffer.from(await readFile(join(result.dir, 'uploads', NAME))).equals(Buffer.from(png))).toBe(true);
    // The per-build public folder is no input of the pages: the next build would take the game pages from this one.
    expect(await sharedOf(result.dir)).toBe(await sharedOf(withoutUploads));

    const app = new Hono();
    app.get('*', serveSites({ sitesDir }));
    const res = await app.request(`http://${DOMAIN}/uploads/${NAME}`, { headers: { host: DOMAIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Content-addressed: the name changes whenever the bytes do.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it('draws the AVIF/WebP copies of an uploaded logo, through the builder and its tenant source', async () => {
    const base = fixtureBundle(DOMAIN, 'Alpha');
    const bundle: TenantBundle = { ...base, config: { ...base.config, images: { ...base.config.images, logo: `/uploads/${NAME}` } } };
    const builder = createSiteBuilder({
      sitesDir,
      buildOptions: { projectRoot: mini.root, imageCacheDir: join(sitesDir, '.image-cache') },
      listDomains: async () => [DOMAIN],
      loadBundle: async () => bundle,
      loadPublicFiles: async function* () {
        yield* uploads();
      },
    });
    const record = await builder.settled((await builder.rebuild(DOMAIN)).id);
    expect(record?.status, record?.error).toBe('succeeded');
    const dir = join(sitesDir, DOMAIN);
    expect(await exists(join(dir, 'uploads', NAME))).toBe(true);
    const drawn = await readdir(join(dir, '_img', 'logo', 'uploads'));
    const height = base.config.logo.header.height;
    expect(drawn).toContain(`${NAME}.h${height}.avif`);
    expect(drawn).toContain(`${NAME}.h${height}.webp`);
  });
});
