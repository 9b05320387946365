import type { TenantPage } from '../../contract/tenant-bundle.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export const $pages = resource<TenantPage[]>();
const load = loader($pages);

export function loadPages(): Promise<void> {
  return load(async () => (await call<{ pages: TenantPage[] }>('/operator/pages')).pages);
}

/** Writes one page (the platform sanitises the HTML); the site shows it after the next publication. */
export async function savePage(page: Pick<TenantPage, 'kind' | 'slug' | 'locale' | 'title' | 'bodyHtml'>): Promise<boolean> {
  const ok = await act(
    () => call(`/operator/pages/${page.kind}/${encodeURIComponent(page.slug)}/${page.locale}`, { method: 'PUT', body: { title: page.title, bodyHtml: page.bodyHtml } }),
    t('pages.saved', { title: page.title }),
  );
  if (ok) await loadPages();
  return ok;
}
