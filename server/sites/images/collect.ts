import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { IMAGE_KINDS, type ImageKind, isDrawable } from '../../../src/lib/images/responsive.ts';

/** One site path to draw as one kind, at these sizes (widths; a logo's heights). */
export interface ImageRequest {
  url: string;
  kind: ImageKind;
  sizes: number[];
}

/**
 * The art of a tenant's pages that the builder draws (issue 14): banners
 * (and their phone art) and promotions' art, the header and footer logos at 1x and 2x of their
 * configured heights, and every catalogue game's cover, including covers an
 * operator imported since the last build. Absolute URLs are left alone (a
 * provider's CDN serves its own). One request per path and kind, sizes merged.
 */
export function collectSiteImages(bundle: TenantBundle): ImageRequest[] {
  const requests = new Map<string, ImageRequest>();
  const add = (url: string | undefined | null, kind: ImageKind, sizes: readonly number[]): void => {
    if (!url || !isDrawable(url)) return;
    const key = `${kind} ${url}`;
    const request = requests.get(key) ?? { url, kind, sizes: [] };
    request.sizes = [...new Set([...request.sizes, ...sizes])].sort((a, b) => a - b);
    requests.set(key, request);
  };
  const { banners, images, logo } = bundle.config;
  for (const banner of banners) {
    add(banner.image, 'banner', IMAGE_KINDS.banner.widths);
    add(banner.imageMobile, 'banner-mobile', IMAGE_KINDS['banner-mobile'].widths);
  }
  // Promotion art is banner art (3:1, issue 18): the list's cards and each promotion's page.
  for (const promotion of bundle.promotions ?? []) add(promotion.image, 'banner', IMAGE_KINDS.banner.widths);
  const logoHeights = [logo.header.height, logo.footer.height].flatMap((height) => [height, height * 2]);
  add(images.logo, 'logo', logoHeights);
  add(images.logoMobile, 'logo', [logo.header.height, logo.header.height * 2]);
  for (const game of bundle.casino?.games ?? []) add(game.image, 'cover', IMAGE_KINDS.cover.widths);
  return [...requests.values()];
}
