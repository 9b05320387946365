import { access, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../../src/contract/tenant-bundle.ts';
import { collectSiteImages, drawImage, linkSiteImages, prepareSiteImages, withImagesFingerprint } from '../../../../server/sites/images/index.ts';
import { fixtureBundle } from '../mini-site.ts';

const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><rect width="300" height="400" fill="#7B2FF7"/><text x="150" y="200" font-size="40" fill="#fff" text-anchor="middle">Tigre</text></svg>`;
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60"><circle cx="30" cy="30" r="26" fill="#1FA35B"/><text x="70" y="40" font-size="30">Ipê</text></svg>`;

let dir: string;
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sizeOf = async (file: string) => {
  const meta = await sharp(file).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
};

describe('drawImage', () => {
  it('draws an SVG cover as AVIF and WebP at each width, 3:4, and takes them from the cache the second time', async () => {
    const cache = join(dir, 'cache');
    const first = await drawImage(new TextEncoder().encode(COVER_SVG), 'cover', [200, 400, 600], cache);
    expect(first.cached).toBe(false);
    expect(first.variants.map((v) => `${v.size}.${v.format}`)).toEqual(['200.avif', '200.webp', '400.avif', '400.webp', '600.avif', '600.webp']);
    for (const variant of first.variants) {
      expect(await sizeOf(variant.file)).toEqual({ format: variant.format === 'avif' ? 'heif' : 'webp', width: variant.size, height: Math.round((variant.size * 4) / 3) });
    }
    const mtimes = await Promise.all(first.variants.map(async (v) => (await stat(v.file)).mtimeMs));
    const second = await drawImage(new TextEncoder().encode(COVER_SVG), 'cover', [200, 400, 600], cache);
    expect(second.cached).toBe(true);
    expect(second.variants.map((v) => v.file)).toEqual(first.variants.map((v) => v.file));
    expect(await Promise.all(second.variants.map(async (v) => (await stat(v.file)).mtimeMs))).toEqual(mtimes);
  });

  it('draws only the sizes missing from the cache', async () => {
    const cache = join(dir, 'cache');
    const bytes = new TextEncoder().encode(COVER_SVG);
    await drawImage(bytes, 'cover', [200], cache);
    const more = await drawImage(bytes, 'cover', [200, 400], cache);
    expect(more.cached).toBe(false);
    expect(await sizeOf(more.variants[2]!.file)).toMatchObject({ width: 400, height: 533 });
  });

  it('passes raster art through (a PNG banner cropped to 3:1) and keeps a logo at its own aspect by height', async () => {
    const cache = join(dir, 'cache');
    const png = await sharp({ create: { width: 900, height: 400, channels: 3, background: '#123456' } }).png().toBuffer();
    const banner = await drawImage(png, 'banner', [480, 1200], cache);
    expect(await sizeOf(banner.variants.find((v) => v.size === 1200 && v.format === 'webp')!.file)).toEqual({ format: 'webp', width: 1200, height: 400 });
    const logo = await drawImage(new TextEncoder().encode(LOGO_SVG), 'logo', [40, 80], cache);
    expect(await sizeOf(logo.variants.find((v) => v.size === 80 && v.format === 'webp')!.file)).toEqual({ format: 'webp', width: 320, height: 80 });
  });

  it('refuses what sharp cannot read', async () => {
    await expect(drawImage(new TextEncoder().encode('<svg'), 'cover', [200], join(dir, 'cache'))).rejects.toThrow();
  });
});

describe('collectSiteImages', () => {
  it('asks for banners, logos at 1x/2x of their heights and site-path covers, not absolute URLs', () => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte');
    const requests = collectSiteImages(bundle);
    const kinds = (kind: string) => requests.filter((r) => r.kind === kind);
    expect(kinds('banner').map((r) => r.url)).toEqual(bundle.config.banners.map((b) => b.image));
    expect(kinds('logo').find((r) => r.url === bundle.config.images.logo)?.sizes).toEqual([40, 48, 80, 96]);
    const covers = kinds('cover').map((r) => r.url);
    expect(covers).toContain('/demo/sorte.localhost/games/dice.svg');
    expect(covers.some((url) => url.startsWith('http'))).toBe(false);
    expect(kinds('cover')[0]?.sizes).toEqual([200, 400, 600]);
  });
});

describe('prepareSiteImages', () => {
  const bundleWith = (covers: string[]): TenantBundle => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte');
    const games = bundle.casino!.games.slice(0, covers.length).map((game, i) => ({ ...game, image: covers[i]! }));
    return { ...bundle, config: { ...bundle.config, banners: [], images: { ...bundle.config.images, logo: '/logo.svg', logoMobile: undefined } }, casino: { ...bundle.casino!, games } };
  };

  it('draws each file once, reports missing ones, keeps to the public folder, and draws nothing on the next run', async () => {
    const pub = join(dir, 'public');
    await mkdir(join(pub, 'games'), { recursive: true });
    await writeFile(join(pub, 'games', 'a.svg'), COVER_SVG);
    await writeFile(join(pub, 'games', 'b.svg'), COVER_SVG.replace('Tigre', 'Leão'));
    await writeFile(join(pub, 'logo.svg'), LOGO_SVG);
    await writeFile(join(dir, 'secret.svg'), COVER_SVG);
    await symlink(join(dir, 'secret.svg'), join(pub, 'games', 'outside.svg'));
    const bundle = bundleWith(['/games/a.svg', '/games/b.svg', '/games/missing.svg', '/games/outside.svg', 'https://cdn.example/c.webp']);
    const cache = join(dir, 'cache');

    const first = await prepareSiteImages(bundle, pub, cache);
    expect(first.failed).toEqual(['/games/missing.svg', '/games/outside.svg']);
    expect(first.drawn).toBe(3);
    expect(first.cached).toBe(0);
    expect([...first.files.keys()].filter((key) => key.startsWith('_img/cover/games/a.svg.')).sort()).toEqual(
      ['200', '400', '600'].flatMap((w) => [`_img/cover/games/a.svg.${w}.avif`, `_img/cover/games/a.svg.${w}.webp`]).sort(),
    );
    expect(first.files.has('_img/logo/logo.svg.h80.avif')).toBe(true);

    const second = await prepareSiteImages(bundle, pub, cache);
    expect(second).toMatchObject({ drawn: 0, cached: 3, failed: first.failed });
    expect(withImagesFingerprint('code', second)).toBe(withImagesFingerprint('code', first));
    expect(withImagesFingerprint('code', second)).not.toBe(withImagesFingerprint('code', { ...second, failed: [] }));

    // Beside astro: the smallest size before, the others by the time the files are linked.
    const besideCache = join(dir, 'beside-cache');
    const beside = await prepareSiteImages(bundle, pub, besideCache, () => {}, { beside: true });
    expect(beside).toMatchObject({ drawn: 3, cached: 0, failed: first.failed });
    expect(await exists(beside.files.get('_img/cover/games/a.svg.200.avif')!)).toBe(true);
    await beside.finish();
    for (const file of beside.files.values()) expect(await exists(file), file).toBe(true);
    expect((await prepareSiteImages(bundle, pub, besideCache, () => {}, { beside: true })).drawn).toBe(0);

    const out = join(dir, 'build');
    expect(await linkSiteImages(out, second)).toBe(second.files.size);
    expect((await readdir(join(out, '_img', 'cover', 'games'))).length).toBe(12);
    expect((await stat(join(out, '_img/cover/games/a.svg.400.avif'))).ino).toBe((await stat(second.files.get('_img/cover/games/a.svg.400.avif')!)).ino);
  });
});
