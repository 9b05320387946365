import type { TenantBundle } from '../contract/tenant-bundle.ts';

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
 * The tenant's web app manifest (`/manifest.webmanifest`): installable under
 * its own name, colours and icons. Short name is cut at 12 characters, the
 * length launchers show without truncation.
 */
export function webManifest(bundle: TenantBundle) {
  const { config } = bundle;
  const icon = (src: string, sizes: string) => ({ src, sizes, type: iconType(src), purpose: 'any' });
  return {
    name: config.siteTitle,
    short_name: config.siteTitle.length > 12 ? config.siteTitle.slice(0, 12).trim() : config.siteTitle,
    description: config.siteDescription.pt,
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    id: '/',
    display: 'standalone' as const,
    theme_color: config.colors.background,
    background_color: config.colors.background,
    icons: [icon(config.icons.appIcon192, '192x192'), icon(config.icons.appIcon512, '512x512')],
  };
}
