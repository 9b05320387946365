import type { SiteConfig } from '../../contract/site-config.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act } from './resource.ts';
import { loadSiteConfig } from './site.ts';
import { moveItem } from './list-order.ts';

export type Banner = SiteConfig['banners'][number];

/** A new banner's id: unique within the list, stable once saved. */
export function newBannerId(existing: readonly Banner[]): string {
  const taken = new Set(existing.map((b) => b.id));
  for (let n = existing.length + 1; ; n++) if (!taken.has(`banner-${n}`)) return `banner-${n}`;
}

/** Moves banner `index` one place up (-1) or down (+1); the home page shows them in this order. */
export const moveBanner: (list: readonly Banner[], index: number, by: -1 | 1) => Banner[] = moveItem;

/** The banners as the configuration keeps them: empty optional fields left out. */
export function cleanBanners(list: readonly Banner[]): Banner[] {
  return list.map(({ imageMobile, link, ...rest }) => ({ ...rest, ...(imageMobile?.trim() ? { imageMobile: imageMobile.trim() } : {}), ...(link?.trim() ? { link: link.trim() } : {}) }));
}

/** Replaces the whole list (a JSON Merge Patch replaces arrays), validated with the site configuration. */
export async function saveBanners(list: readonly Banner[]): Promise<boolean> {
  const ok = await act(() => call('/operator/site-config', { method: 'PATCH', body: { banners: cleanBanners(list) } }), t('banners.saved'));
  if (ok) await loadSiteConfig();
  return ok;
}
