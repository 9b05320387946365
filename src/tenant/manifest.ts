import type { TenantBundle } from '../contract/tenant-bundle.ts';
import { APP_ICON_FOLDER, APP_ICONS, appIconsDrawn } from './app-icons.ts';

/** MIME type for an icon path, from its extension (the manifest and `<link rel=icon>` want one). */
export function iconType(path: string): string {
  const ext = path.split('?')[0]!.split('.').pop()?.toLowerCase();
  switch (ext) {
    case 'svg':
      return 'image/svg+xml';
    case 'png':
      return 'image/png';
    case 'ico':
      return 'image/x-icon';
    case 'webp':
      return 'image/webp';
    default:
      return 'image/png';
  }
}

/**
 * The manifest's icons: the PNGs drawn at build time from the tenant's art
 * (src/tenant/app-icons.ts: 192 and 512 px, `any` and `maskable`), or the art
 * itself when the build cannot read it (an https URL).
 */
export function manifestIcons(bundle: TenantBundle, drawn: boolean = appIconsDrawn(bundle)) {
  const { icons } = bundle.config;
  if (!drawn) {
    return [
      { src: icons.appIcon192, sizes: '192x192', type: iconType(icons.appIcon192), purpose: 'any' },
      { src: icons.appIcon512, sizes: '512x512', type: iconType(icons.appIcon512), purpose: 'any' },
    ];
  }
  return APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
    src: `${APP_ICON_FOLDER}/${icon.name}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  }));
}

/** The iOS home-screen icon (`<link rel="apple-touch-icon">`), or the 192 px art when none was drawn. */
export function appleTouchIcon(bundle: TenantBundle, drawn: boolean = appIconsDrawn(bundle)): string {
  return drawn ? `${APP_ICON_FOLDER}/apple-touch-icon.png` : bundle.config.icons.appIcon192;
}

/**
 * The tenant's web app manifest (`/manifest.webmanifest`, issue 20):
 * installable under its own name, colours and icons. Short name is cut at 12
 * characters, the length launchers show without truncation. Theme and
 * background are the tenant's page background (the splash screen and title
 * bar then match the site's first paint, and `<meta name=theme-color>`).
 */
export function webManifest(bundle: TenantBundle, drawn?: boolean) {
  const { config } = bundle;
  return {
    name: config.siteTitle,
    short_name: config.siteTitle.length > 12 ? config.siteTitle.slice(0, 12).trim() : config.siteTitle,
    description: config.siteDescription.pt,
    lang: 'pt-BR',
    dir: 'ltr' as const,
    start_url: '/',
    scope: '/',
    id: '/',
    display: 'standalone' as const,
    orientation: 'any' as const,
    theme_color: config.colors.background,
    background_color: config.colors.background,
    categories: ['entertainment', 'games'],
    prefer_related_applications: false,
    icons: manifestIcons(bundle, drawn),
  };
}
