import type { APIRoute, GetStaticPaths } from 'astro';
import { APP_ICONS, type AppIcon, appIconSource, drawAppIcon } from '../../tenant/app-icons.ts';
import { requireBundle, getBundle } from '../../tenant/bundle.ts';

/**
 * `/app-icons/<name>.png` (issue 20): the installed app's icons drawn from
 * the tenant's app icon at build time (src/tenant/app-icons.ts); none in the
 * fallback build, nor when the tenant's art is not a file the build can read
 * (the manifest then lists the art itself: src/tenant/manifest.ts).
 */
export const getStaticPaths = (() => {
  const bundle = getBundle();
  if (!bundle || !appIconSource(bundle)) return [];
  return APP_ICONS.map((icon) => ({ params: { icon: icon.name }, props: { icon } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const bundle = requireBundle();
  const art = appIconSource(bundle);
  if (!art) throw new Error(`${bundle.domain}: the app icon art cannot be read`);
  const png = await drawAppIcon(art, (props as { icon: AppIcon }).icon, bundle.config.colors.background);
  return new Response(png, { headers: { 'content-type': 'image/png' } });
};
