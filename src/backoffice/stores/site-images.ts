import type { SiteConfig } from '../../contract/site-config.ts';
import type { SiteFileView } from '../../contract/site-files.ts';

/** The images this form edits: the logo (and a phone version), the share image, the sign-in background, the favicon and the app icon. */
export const IMAGE_KEYS = ['logo', 'logoMobile', 'ogImage', 'authBackground', 'favicon', 'appIcon'] as const;
export type ImageKey = (typeof IMAGE_KEYS)[number];
/** Those the configuration may leave out (emptied, they are removed). */
const OPTIONAL: ReadonlySet<ImageKey> = new Set(['logoMobile', 'authBackground']);
/** Where the logo shows, each with its own size on the page. */
export const LOGO_PLACES = ['header', 'footer', 'auth'] as const;
type LogoPlace = (typeof LOGO_PLACES)[number];

export interface ImagesDraft {
  paths: Record<ImageKey, string>;
  /** Width and height in CSS pixels, as typed. */
  sizes: Record<LogoPlace, { width: string; height: string }>;
}

export function imagesDraftOf(config: SiteConfig): ImagesDraft {
  const { images, icons, logo } = config;
  return {
    paths: {
      logo: images.logo,
      logoMobile: images.logoMobile ?? '',
      ogImage: images.ogImage,
      authBackground: images.authBackground ?? '',
      favicon: icons.favicon,
      // One square picture makes both app icons: the build draws every size from it.
      appIcon: icons.appIcon512,
    },
    sizes: Object.fromEntries(LOGO_PLACES.map((place) => [place, { width: String(logo[place].width), height: String(logo[place].height) }])) as ImagesDraft['sizes'],
  };
}

/**
 * A new logo keeps each place's height and takes its width from the image's
 * proportions, so it is neither squeezed nor stretched where it shows.
 */
export function fitLogoSizes(sizes: ImagesDraft['sizes'], file: Pick<SiteFileView, 'width' | 'height'>): ImagesDraft['sizes'] {
  if (!(file.width > 0 && file.height > 0)) return sizes;
  const fitted = { ...sizes };
  for (const place of LOGO_PLACES) {
    const height = Number(sizes[place].height);
    if (Number.isInteger(height) && height > 0) fitted[place] = { width: String(Math.max(1, Math.round((height * file.width) / file.height))), height: sizes[place].height };
  }
  return fitted;
}

const size = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/**
 * The JSON Merge Patch of what changed: an emptied optional image is removed
 * (null); sizes go as numbers, or as typed when they are not whole numbers
 * so that the platform names the field it refuses.
 */
export function imagesPatchOf(config: SiteConfig, d: ImagesDraft): Record<string, unknown> {
  const before = imagesDraftOf(config);
  const value = (key: ImageKey) => (d.paths[key].trim() === '' && OPTIONAL.has(key) ? null : d.paths[key].trim());
  const changed = (key: ImageKey) => d.paths[key].trim() !== before.paths[key];
  const images: Record<string, unknown> = {};
  for (const key of ['logo', 'logoMobile', 'ogImage', 'authBackground'] as const) if (changed(key)) images[key] = value(key);
  const icons: Record<string, unknown> = {};
  if (changed('favicon')) icons.favicon = value('favicon');
  if (changed('appIcon')) Object.assign(icons, { appIcon192: value('appIcon'), appIcon512: value('appIcon') });
  const logo: Record<string, unknown> = {};
  for (const place of LOGO_PLACES) {
    const next = d.sizes[place];
    if (next.width.trim() !== before.sizes[place].width || next.height.trim() !== before.sizes[place].height) logo[place] = { width: size(next.width), height: size(next.height) };
  }
  const patch: Record<string, unknown> = {};
  if (Object.keys(images).length) patch.images = images;
  if (Object.keys(icons).length) patch.icons = icons;
  if (Object.keys(logo).length) patch.logo = logo;
  return patch;
}
