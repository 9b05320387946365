import { describe, expect, it } from 'vitest';
import { tenantSportsConfig } from '../../../../src/lib/sports/config.ts';
import { localePath } from '../../../../src/i18n/locales.ts';
import { stripLocalePrefix } from '../../../../src/lib/locale.ts';
import { addressForWidgetRoute, inLocale, routeFromHistory, sitePathOf, tokenFromGameUrl, widgetPathOf, withoutLocale } from '../../../../src/lib/sports/route.ts';

describe('sports addresses', () => {
  it('prefixes and strips locales exactly as the site’s own helpers do', () => {
    for (const path of ['/', '/sportsbook', '/sportsbook/a/b', '/sports', '']) {
      for (const locale of ['pt', 'en'] as const) expect(inLocale(locale, path)).toBe(localePath(locale, path));
    }
    for (const path of ['/', '/en', '/en/sportsbook/x', '/sportsbook', '/english']) expect(withoutLocale(path)).toBe(stripLocalePrefix(path));
  });

  it('maps page addresses to widget routes and back, in both languages', () => {
    expect(widgetPathOf('/sports')).toBe('/');
    expect(widgetPathOf('/en/sportschange')).toBe('/');
    expect(widgetPathOf('/sportsbook')).toBe('/');
    expect(widgetPathOf('/sportsbook/soccer/brazil/')).toBe('/soccer/brazil');
    expect(widgetPathOf('/en/sportsbook/mma')).toBe('/mma');
    expect(widgetPathOf('/sportsbooks')).toBe('/');
    expect(sitePathOf('/soccer', 'pt')).toBe('/sportsbook/soccer');
    expect(sitePathOf('/soccer', 'en')).toBe('/en/sportsbook/soccer');
    expect(sitePathOf('/', 'en')).toBe('/en/sportsbook');
  });

  it('leaves /sports alone for the widget’s home, and moves anywhere else', () => {
    expect(addressForWidgetRoute('/', '/sports', 'pt')).toBeNull();
    expect(addressForWidgetRoute('/soccer', '/sports', 'pt')).toBe('/sportsbook/soccer');
    expect(addressForWidgetRoute('/soccer', '/sportsbook/soccer', 'pt')).toBeNull();
    expect(addressForWidgetRoute('/', '/en/sportsbook/soccer', 'en')).toBe('/en/sportsbook');
  });

  it('applies the history rule only to other /sportsbook routes of this origin', () => {
    const base = 'https://site.test/sports';
    expect(routeFromHistory('/sportsbook/soccer', '/', base)).toBe('/soccer');
    expect(routeFromHistory('/en/sportsbook/soccer', '/', base)).toBe('/soccer');
    expect(routeFromHistory('/sportsbook/soccer', '/soccer', base)).toBeNull();
    expect(routeFromHistory('/casino/games', '/', base)).toBeNull();
    expect(routeFromHistory('https://other.test/sportsbook/x', '/', base)).toBeNull();
    expect(routeFromHistory(null, '/', base)).toBeNull();
  });

  it('takes the launch token from the gameUrl’s fragment only', () => {
    expect(tokenFromGameUrl('/widgetbetby#token=a.b.c')).toBe('a.b.c');
    expect(tokenFromGameUrl('/en/widgetbetby#token=a.b.c&x=1')).toBe('a.b.c');
    expect(tokenFromGameUrl('/widgetbetby?token=a.b.c')).toBeNull();
    expect(tokenFromGameUrl('/widgetbetby#')).toBeNull();
  });
});

describe('which tenants have sports', () => {
  const config = (hasSports: boolean, active: boolean, brand = 'ipe-bet') => ({ hasSports, betby: { active, brand_id: brand, theme_name: 'dark' } });
  const sportsbook = { scriptUrl: '/sandbox-sportsbook/renderer.js' };
  it('needs hasSports, betby.active, a brand and a script URL', () => {
    expect(tenantSportsConfig({ config: config(true, true), sportsbook })).toEqual({ scriptUrl: sportsbook.scriptUrl, brandId: 'ipe-bet', themeName: 'dark' });
    expect(tenantSportsConfig({ config: config(false, true), sportsbook })).toBeNull();
    expect(tenantSportsConfig({ config: config(true, false), sportsbook })).toBeNull();
    expect(tenantSportsConfig({ config: config(true, true) })).toBeNull();
    expect(tenantSportsConfig({ config: config(true, true, ''), sportsbook })).toBeNull();
    expect(tenantSportsConfig({ config: config(true, true, ''), sportsbook: { ...sportsbook, brandId: 'platform-brand' } })!.brandId).toBe('platform-brand');
  });
});
