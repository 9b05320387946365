import { describe, expect, it } from 'vitest';
import { localeFromParam, localeParam, localePath, localizeHref } from '../../../src/i18n/locales.ts';
import { switchHref } from '../../../src/layouts/page-meta.ts';

describe('locale paths', () => {
  it('prefixes English with /en and leaves Portuguese unprefixed, without trailing slashes', () => {
    expect(localePath('pt', '/')).toBe('/');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('pt', '/terms')).toBe('/terms');
    expect(localePath('en', '/terms/')).toBe('/en/terms');
    expect(localePath('en', 'pages/news')).toBe('/en/pages/news');
  });

  it('maps the [...locale] route param both ways', () => {
    expect(localeParam('pt')).toBeUndefined();
    expect(localeParam('en')).toBe('en');
    expect(localeFromParam(undefined)).toBe('pt');
    expect(localeFromParam('en')).toBe('en');
    expect(() => localeFromParam('fr')).toThrow(/fr/);
  });

  it('localises operator links but leaves external and already-prefixed ones alone', () => {
    expect(localizeHref('en', '/promotions?x=1#top')).toBe('/en/promotions?x=1#top');
    expect(localizeHref('en', '/en/promotions')).toBe('/en/promotions');
    expect(localizeHref('pt', '/promotions')).toBe('/promotions');
    expect(localizeHref('en', 'https://example.org/a')).toBe('https://example.org/a');
    expect(localizeHref('en', '//cdn.example.org/a')).toBe('//cdn.example.org/a');
  });

  it('switches to the same page, or to the home page when it does not exist in the other locale', () => {
    expect(switchHref({ locale: 'pt', path: '/terms', title: 'x' }, 'en')).toBe('/en/terms');
    expect(switchHref({ locale: 'en', path: '/terms', title: 'x' }, 'pt')).toBe('/terms');
    expect(switchHref({ locale: 'pt', path: '/privacy', title: 'x', locales: ['pt'] }, 'en')).toBe('/en');
  });
});
