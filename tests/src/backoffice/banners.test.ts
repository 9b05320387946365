import { describe, expect, it } from 'vitest';
import { cleanBanners, moveBanner, newBannerId } from '../../../src/backoffice/stores/banners.ts';

const banner = (id: string, extra: Record<string, string> = {}) => ({ id, image: `/banners/${id}.webp`, alt: { pt: id, en: id }, ...extra });

describe('the banners form', () => {
  it('names a new banner with an id no other banner has', () => {
    expect(newBannerId([banner('banner-1'), banner('banner-3')])).toBe('banner-4');
    expect(newBannerId([banner('banner-2')])).toBe('banner-3');
    expect(newBannerId([])).toBe('banner-1');
  });

  it('moves a banner one place, and never past either end', () => {
    const list = [banner('a'), banner('b'), banner('c')];
    expect(moveBanner(list, 2, -1).map((b) => b.id)).toEqual(['a', 'c', 'b']);
    expect(moveBanner(list, 0, -1).map((b) => b.id)).toEqual(['a', 'b', 'c']);
    expect(moveBanner(list, 2, 1).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('leaves out emptied optional fields', () => {
    expect(cleanBanners([banner('a', { link: '  ', imageMobile: '' }), banner('b', { link: ' /promotions ' })])).toEqual([banner('a'), banner('b', { link: '/promotions' })]);
  });
});
