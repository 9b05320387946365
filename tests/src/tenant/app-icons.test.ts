import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { APP_ICONS, appIconSource, appIconsDrawn, drawAppIcon } from '../../../src/tenant/app-icons.ts';
import { appleTouchIcon, manifestIcons, webManifest } from '../../../src/tenant/manifest.ts';

/** The installed app's icons and manifest (issue 20), drawn from a tenant's art in its public folder. */

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url), 'utf8')) as TenantBundle;
const ART = '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><circle cx="256" cy="256" r="200" fill="#ff0000"/></svg>';

function tenantWithArt(): { bundle: TenantBundle; publicDir: string } {
  const publicDir = mkdtempSync(join(tmpdir(), 'app-icons-'));
  mkdirSync(join(publicDir, 'art'));
  writeFileSync(join(publicDir, 'art', 'icon-512.svg'), ART);
  const bundle = structuredClone(fixture);
  bundle.config.icons = { ...bundle.config.icons, appIcon192: '/art/missing-192.svg', appIcon512: '/art/icon-512.svg' };
  return { bundle, publicDir };
}

async function pixel(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('app icons', () => {
  it('reads the art from the public folder only (not outside it, not from another host)', () => {
    const { bundle, publicDir } = tenantWithArt();
    expect(appIconSource(bundle, publicDir)).not.toBeNull();
    const outside = structuredClone(bundle);
    outside.config.icons = { ...outside.config.icons, appIcon512: '/../../etc/passwd', appIcon192: 'https://cdn.example/icon.png' };
    expect(appIconSource(outside, publicDir)).toBeNull();
  });

  afterEach(() => vi.unstubAllEnvs());

  it('answers whether the icons are drawn once per bundle: the pages of a build do not read the art again', () => {
    const { bundle, publicDir } = tenantWithArt();
    vi.stubEnv('TENANT_PUBLIC_DIR', publicDir);
    expect(appIconsDrawn(bundle)).toBe(true);
    expect(appleTouchIcon(bundle)).toBe('/app-icons/apple-touch-icon.png');
    rmSync(join(publicDir, 'art'), { recursive: true });
    expect(appIconsDrawn(bundle)).toBe(true);
    const another = structuredClone(bundle);
    expect(appIconsDrawn(another)).toBe(false);
    expect(appleTouchIcon(another)).toBe('/art/missing-192.svg');
  });

  it('draws each size as PNG: `any` fills the icon, `maskable` and the touch icon centre the art on the background colour', async () => {
    const { bundle, publicDir } = tenantWithArt();
    const art = appIconSource(bundle, publicDir)!;
    for (const icon of APP_ICONS) {
      const png = await drawAppIcon(art, icon, '#102030');
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], icon.name).toEqual(['png', icon.size, icon.size]);
      const centre = await pixel(png, icon.size / 2, icon.size / 2);
      expect(centre.slice(0, 3), icon.name).toEqual([255, 0, 0]);
      const corner = await pixel(png, 1, 1);
      // `any` keeps the art's transparency; the others are opaque on the tenant's background.
      expect(corner, icon.name).toEqual(icon.purpose === 'any' ? [0, 0, 0, 0] : [0x10, 0x20, 0x30, 255]);
    }
    // The maskable art sits inside the safe zone: 22 % in from the edge is still background.
    const maskable = await drawAppIcon(art, APP_ICONS.find((i) => i.name === 'maskable-512.png')!, '#102030');
    expect((await pixel(maskable, 256, 100)).slice(0, 3)).toEqual([0x10, 0x20, 0x30]);
  });

  it('the manifest lists the drawn PNGs (any and maskable, 192 and 512) in the tenant colours, else the art itself', () => {
    const { bundle } = tenantWithArt();
    const manifest = webManifest(bundle, true);
    expect(manifest).toMatchObject({ name: bundle.config.siteTitle, display: 'standalone', start_url: '/', scope: '/', id: '/' });
    expect(manifest.theme_color).toBe(bundle.config.colors.background);
    expect(manifest.background_color).toBe(bundle.config.colors.background);
    expect(manifest.icons).toEqual([
      { src: '/app-icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/app-icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/app-icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    expect(appleTouchIcon(bundle, true)).toBe('/app-icons/apple-touch-icon.png');
    expect(manifestIcons(bundle, false).map((i) => i.src)).toEqual([bundle.config.icons.appIcon192, bundle.config.icons.appIcon512]);
    expect(appleTouchIcon(bundle, false)).toBe(bundle.config.icons.appIcon192);
  });
});
