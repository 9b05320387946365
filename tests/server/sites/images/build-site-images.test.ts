import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../../src/contract/tenant-bundle.ts';
import { prepareSiteImages } from '../../../../server/sites/images/index.ts';
import { buildTenantSite } from '../../../../server/sites/index.ts';
import { tenantAssetsDir } from '../../../../server/sites/tenant-assets.ts';
import { fixtureBundle } from '../mini-site.ts';

/**
 * The real site built through the sites builder for the fixture tenant, one
 * of whose covers is demo art (the others are a CDN's or missing): the pages
 * offer the drawn AVIF/WebP copies, which are in the build, and keep the
 * originals where nothing was drawn.
 */

let work: string;
let dir: string;
let bundle: TenantBundle;
const lines: string[] = [];
const COVER = '/demo/sorte.localhost/games/aurora-gaming-tigre-dourado.svg';
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'site-images-build-'));
  const base = fixtureBundle('sorte.localhost', 'Sorte Grande');
  const games = base.casino!.games.map((game, i) => (i === 0 ? { ...game, image: COVER } : game));
  bundle = { ...base, casino: { ...base.casino!, games } };
  const result = await buildTenantSite({
    domain: bundle.domain,
    bundle,
    sitesDir: join(work, 'sites'),
    imageCacheDir: join(work, 'cache'),
    log: (line) => lines.push(line),
  });
  dir = result.dir;
}, 300_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the sites builder draws the art', () => {
  it('prints what it drew and how long it took', () => {
    expect(lines.find((line) => line.includes('images'))).toMatch(/sorte\.localhost: images \d+ drawn, 0 from the cache, \d+ not drawn, in \d+ ms/);
  });

  it('offers the banners and logos as AVIF then WebP, the original as the <img>', async () => {
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const first = bundle.config.banners[0]!.image;
    expect(html).toContain(`<source type="image/avif" srcset="/_img/banner${first}.480.avif 480w, /_img/banner${first}.800.avif 800w`);
    expect(html.indexOf(`/_img/banner${first}.480.avif`)).toBeLessThan(html.indexOf(`/_img/banner${first}.480.webp`));
    expect(html).toMatch(new RegExp(`<img src="${first}" width="1200" height="400"[^>]*fetchpriority="high"`));
    expect(html).toContain(`srcset="/_img/logo${bundle.config.images.logo}.h40.avif 1x, /_img/logo${bundle.config.images.logo}.h80.avif 2x"`);
    const meta = await sharp(join(dir, `_img/banner${first}.1200.avif`)).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 400]);
  });

  it('offers a drawn cover on its game page and in the lobby, and only there', async () => {
    const game = bundle.casino!.games[0]!;
    const page = await readFile(join(dir, 'casino', game.providercode, game.gamecode, 'index.html'), 'utf8');
    expect(page).toContain(`<source type="image/avif" srcset="/_img/cover${COVER}.200.avif 200w, /_img/cover${COVER}.400.avif 400w, /_img/cover${COVER}.600.avif 600w" sizes="260px" width="300" height="400"`);
    expect(page).toMatch(/<img class="game__cover" src="[^"]+tigre-dourado\.svg" alt="[^"]+" width="300" height="400" fetchpriority="high"/);
    const lobby = await readFile(join(dir, 'casino', 'games', 'index.html'), 'utf8');
    // React writes the attribute as `srcSet` (HTML attribute names are case-blind).
    expect(lobby.toLowerCase()).toContain(`<source type="image/webp" srcset="/_img/cover${COVER}.200.webp 200w`.toLowerCase());
    for (const size of [200, 400, 600]) for (const format of ['avif', 'webp']) expect(await exists(join(dir, `_img/cover${COVER}.${size}.${format}`))).toBe(true);
    // A CDN cover and a missing file keep their original alone.
    const cdn = bundle.casino!.games.find((g) => g.image.startsWith('https://'))!;
    const cdnPage = await readFile(join(dir, 'casino', cdn.providercode, cdn.gamecode, 'index.html'), 'utf8');
    expect(cdnPage).not.toMatch(/<source type="image\/avif"[^>]*sizes="260px"/);
    const missing = bundle.casino!.games.find((g) => g.image.endsWith('/limbo.svg'))!;
    const missingPage = await readFile(join(dir, 'casino', missing.providercode, missing.gamecode, 'index.html'), 'utf8');
    expect(missingPage).not.toContain(`/_img/cover${missing.image}`);
  });

  it('draws nothing again for the next build', async () => {
    const again = await prepareSiteImages(bundle, tenantAssetsDir(bundle.domain), join(work, 'cache'));
    expect(again.drawn).toBe(0);
    expect(again.cached).toBeGreaterThan(0);
  });
});
