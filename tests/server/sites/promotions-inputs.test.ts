import { describe, expect, it } from 'vitest';
import type { BundlePromotion } from '../../../src/contract/promotions.ts';
import { collectSiteImages } from '../../../server/sites/images/collect.ts';
import { buildInputs } from '../../../server/sites/incremental.ts';
import { fixtureBundle } from './mini-site.ts';

const promotion = (slug: string, image: string | null): BundlePromotion => ({
  slug,
  title: { pt: 'T', en: 'T' },
  summary: { pt: 'S', en: 'S' },
  body: { pt: '<p>b</p>', en: '<p>b</p>' },
  image,
  couponCode: null,
  startsAt: null,
  endsAt: null,
  sort: 0,
  updatedAt: '2026-11-26T06:00:00.000Z',
});

describe('promotions and the sites builder (issue 18)', () => {
  it('a promotion change leaves the game pages of an incremental rebuild alone', () => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte');
    const before = buildInputs({ ...bundle, promotions: [] }, 'code');
    const after = buildInputs({ ...bundle, promotions: [promotion('nova', '/promos/a.svg')] }, 'code');
    expect(after.shared).toBe(before.shared);
    expect(after.pages).toEqual(before.pages);
  });

  it("draws a promotion's site-path art at the banner sizes, and leaves an https URL alone", () => {
    const bundle = { ...fixtureBundle('sorte.localhost', 'Sorte'), promotions: [promotion('a', '/promos/a.svg'), promotion('b', 'https://cdn.example/b.png'), promotion('c', null)] };
    const requests = collectSiteImages(bundle);
    expect(requests).toContainEqual({ url: '/promos/a.svg', kind: 'banner', sizes: [480, 800, 1200, 1800] });
    expect(requests.some((r) => r.url.includes('cdn.example'))).toBe(false);
  });
});
