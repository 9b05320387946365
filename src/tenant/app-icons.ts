import { readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { TenantBundle } from '../contract/tenant-bundle.ts';

/**
 * The installed app's PNG icons (issue 20), drawn at build time from the
 * tenant's app icon (its 512 px art, else the 192 px one) by sharp, the way
 * the builder draws the rest of a tenant's art. Browsers ask for 192 and 512
 * px icons of purpose `any` and `maskable`; iOS takes a 180 px touch icon
 * without transparency.
 */
export interface AppIcon {
  /** File name under `/app-icons/`. */
  name: string;
  size: number;
  purpose: 'any' | 'maskable' | 'apple';
}

export const APP_ICON_FOLDER = '/app-icons';

export const APP_ICONS: readonly AppIcon[] = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'maskable-192.png', size: 192, purpose: 'maskable' },
  { name: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { name: 'apple-touch-icon.png', size: 180, purpose: 'apple' },
];

/**
 * Share of a maskable icon's side the art takes, centred on the background
 * colour. Launchers may mask down to the circle of 80 % of the side; a
 * square of 0.6 reaches past it only at its very corners (half-diagonal
 * 0.42 against a radius of 0.40), where app icons are rounded anyway.
 */
export const MASKABLE_ART_SHARE = 0.6;
/** The touch icon keeps a small margin on the background colour (iOS rounds the corners itself). */
export const APPLE_ART_SHARE = 0.84;

/** The file of a site path (`/demo/x/icon-512.svg`) in the tenant's public folder, or null (an https URL, or not there). */
function publicFile(url: string, publicDir: string): string | null {
  if (!url.startsWith('/')) return null;
  try {
    const root = realpathSync(publicDir);
    const file = realpathSync(join(root, decodeURIComponent(url.split('?')[0]!)));
    return file.startsWith(root + sep) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The bytes of the tenant's app icon art (the 512 px one first), or null
 * when neither is a file of its public folder (art on an https host is
 * listed as it is, not redrawn: a build never depends on another host).
 */
export function appIconSource(bundle: TenantBundle, publicDir: string = tenantPublicDir()): Uint8Array | null {
  const { icons } = bundle.config;
  for (const url of [icons.appIcon512, icons.appIcon192]) {
    const file = publicFile(url, publicDir);
    if (file) return new Uint8Array(readFileSync(file));
  }
  return null;
}

const drawnFor = new WeakMap<TenantBundle, boolean>();

/**
 * Whether the build draws the tenant's icons (its art is a file of the public
 * folder): every page's head asks (the touch icon link), so a build reads the
 * folder once per bundle instead of two realpaths and the whole art file per
 * page, a quarter of a game page's render time.
 */
export function appIconsDrawn(bundle: TenantBundle): boolean {
  let drawn = drawnFor.get(bundle);
  if (drawn === undefined) {
    drawn = appIconSource(bundle) !== null;
    drawnFor.set(bundle, drawn);
  }
  return drawn;
}

/** Draws one icon as PNG: the art filling it (`any`), or centred on `background` (`maskable`, `apple`). */
export async function drawAppIcon(art: Uint8Array, icon: AppIcon, background: string): Promise<Uint8Array<ArrayBuffer>> {
  const { default: sharp } = await import('sharp');
  if (icon.purpose === 'any') {
    // density: an SVG is rasterised sharp at the wanted size instead of scaled up from 72 dpi.
    return new Uint8Array(await sharp(art, { density: 300 }).resize(icon.size, icon.size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer());
  }
  const share = icon.purpose === 'maskable' ? MASKABLE_ART_SHARE : APPLE_ART_SHARE;
  const inner = Math.round(icon.size * share);
  const artPng = await sharp(art, { density: 300 }).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const offset = Math.round((icon.size - inner) / 2);
  const png = await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background } })
    .composite([{ input: artPng, left: offset, top: offset }])
    .flatten({ background })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** The tenant's public folder the builder sets (`TENANT_PUBLIC_DIR`), else the project's `public`. */
export function tenantPublicDir(): string {
  return process.env.TENANT_PUBLIC_DIR || './public';
}
