import { describe, expect, it } from 'vitest';
import { localeForBrowserLanguage, localizedPath, planFirstVisit, stripLocalePrefix } from '../../../src/lib/locale.ts';

describe('locale paths', () => {
  it('maps the same page between Portuguese (no prefix) and English (/en)', () => {
    expect(localizedPath('/terms', 'en')).toBe('/en/terms');
    expect(localizedPath('/en/terms', 'pt')).toBe('/terms');
    expect(localizedPath('/', 'en')).toBe('/en');
    expect(localizedPath('/en', 'pt')).toBe('/');
    expect(localizedPath('/en/', 'pt')).toBe('/');
    expect(stripLocalePrefix('/entrar')).toBe('/entrar');
  });

  it('treats any en-* browser language as English and everything else as Portuguese', () => {
    expect(localeForBrowserLanguage('en-GB')).toBe('en');
    expect(localeForBrowserLanguage('EN')).toBe('en');
    expect(localeForBrowserLanguage('pt-BR')).toBe('pt');
    expect(localeForBrowserLanguage('es')).toBe('pt');
    expect(localeForBrowserLanguage(undefined)).toBe('pt');
  });
});

describe('first visit language rule', () => {
  const base = { pageLocale: 'pt' as const, englishHref: '/en/terms?ref=X' };

  it('redirects a Portuguese page to English once when the browser asks for English', () => {
    expect(planFirstVisit({ ...base, cookie: undefined, browserLanguage: 'en-US' })).toEqual({
      action: 'redirect',
      locale: 'en',
      href: '/en/terms?ref=X',
    });
  });

  it('only remembers the page language when the browser does not ask for English', () => {
    expect(planFirstVisit({ ...base, cookie: undefined, browserLanguage: 'pt-BR' })).toEqual({ action: 'remember', locale: 'pt' });
    expect(planFirstVisit({ ...base, pageLocale: 'en', cookie: undefined, browserLanguage: 'pt-BR' })).toEqual({
      action: 'remember',
      locale: 'en',
    });
  });

  it('never acts again once the cookie exists', () => {
    expect(planFirstVisit({ ...base, cookie: 'pt', browserLanguage: 'en-US' })).toEqual({ action: 'none' });
  });
});
