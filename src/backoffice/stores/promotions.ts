import type { BundlePromotion } from '../../contract/promotions.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

/** A promotion as the operator lists it (server/features/promotions/present.ts). */
export interface OperatorPromotion extends BundlePromotion {
  active: boolean;
  live: boolean;
}

export interface PromotionDraft {
  slug: string;
  title: { pt: string; en: string };
  summary: { pt: string; en: string };
  body: { pt: string; en: string };
  couponCode: string;
  /** São Paulo days, '' for none. */
  startsOn: string;
  endsOn: string;
  active: boolean;
  sort: string;
}

export const $promotions = resource<OperatorPromotion[]>();
const load = loader($promotions);

export function loadPromotions(): Promise<void> {
  return load(async () => (await call<{ promotions: OperatorPromotion[] }>('/operator/promotions')).promotions);
}

const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }) : '');

export function draftOfPromotion(p: OperatorPromotion | null): PromotionDraft {
  if (!p) return { slug: '', title: { pt: '', en: '' }, summary: { pt: '', en: '' }, body: { pt: '', en: '' }, couponCode: '', startsOn: '', endsOn: '', active: true, sort: '0' };
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    body: p.body,
    couponCode: p.couponCode ?? '',
    startsOn: dayOf(p.startsAt),
    endsOn: dayOf(p.endsAt),
    active: p.active,
    sort: String(p.sort),
  };
}

/** The whole promotion as `PUT /operator/promotions/{slug}` takes it; the window runs from the start of its first day to the end of its last (São Paulo). */
export function promotionBody(d: PromotionDraft, image: string | null) {
  return {
    title: d.title,
    summary: d.summary,
    body: d.body,
    image,
    couponCode: d.couponCode.trim() || null,
    startsAt: d.startsOn ? new Date(`${d.startsOn}T00:00:00-03:00`).toISOString() : null,
    endsAt: d.endsOn ? new Date(`${d.endsOn}T23:59:59-03:00`).toISOString() : null,
    active: d.active,
    sort: Number(d.sort),
  };
}

export async function savePromotion(d: PromotionDraft, image: string | null): Promise<boolean> {
  const slug = d.slug.trim();
  const ok = await act(() => call(`/operator/promotions/${encodeURIComponent(slug)}`, { method: 'PUT', body: promotionBody(d, image) }), t('promotions.saved', { title: d.title.pt || slug }));
  if (ok) await loadPromotions();
  return ok;
}

export async function setPromotionActive(p: OperatorPromotion, active: boolean): Promise<void> {
  await act(
    () => call(`/operator/promotions/${encodeURIComponent(p.slug)}`, { method: 'PATCH', body: { active } }),
    active ? t('promotions.on', { title: p.title.pt }) : t('promotions.off', { title: p.title.pt }),
  );
  await loadPromotions();
}
