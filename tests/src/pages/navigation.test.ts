import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { menuGroups, NAV_ROUTES, visibleRoutes, type NavRoute } from '../../../src/components/navigation/routes.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url), 'utf8'),
) as TenantBundle;

const ids = (routes: NavRoute[]) => routes.map((r) => r.id);

describe('side-menu route registry', () => {
  it('lists every side-menu entry of section 2 once', () => {
    expect(ids([...NAV_ROUTES])).toEqual([
      'home', 'casino-games', 'casino-providers', 'casino-recent', 'casino-favorites', 'casino-crates', 'sports',
      'promotions', 'refer-a-friend', 'vip-club', 'ranking', 'news', 'live-support',
    ]);
  });

  it('shows only routes that exist: home, the casino lists with a catalogue, boxes with hasBoxes, promotions, refer a friend, VIP club, ranking, and news when the tenant wrote that page', () => {
    const casino = ['casino-games', 'casino-providers', 'casino-recent', 'casino-favorites', 'casino-crates'];
    expect(ids(visibleRoutes(fixture, 'pt'))).toEqual(['home', ...casino, 'promotions', 'refer-a-friend', 'vip-club', 'ranking', 'news']);
    const noNews = { ...fixture, pages: fixture.pages.filter((p) => p.slug !== 'news') };
    expect(ids(visibleRoutes(noNews, 'en'))).toEqual(['home', ...casino, 'promotions', 'refer-a-friend', 'vip-club', 'ranking']);
    // No catalogue in the bundle: no casino page is built, so the menu must not link to one.
    const noCasino = { ...noNews, casino: undefined };
    expect(ids(visibleRoutes(noCasino, 'en'))).toEqual(['home', 'casino-crates', 'promotions', 'refer-a-friend', 'vip-club', 'ranking']);
    // hasBoxes off: no box page is built (issue 19), so no "Caixas" entry.
    const noBoxes = { ...noNews, config: { ...noNews.config, hasBoxes: false } };
    expect(ids(visibleRoutes(noBoxes, 'pt'))).not.toContain('casino-crates');
  });

  it('applies tenant conditions once a later feature marks its route available', () => {
    const routes = NAV_ROUTES.map((r) => ({ ...r, available: true }));
    const withAll = {
      ...fixture,
      config: { ...fixture.config, hasSports: true, hasBoxes: true, jivoChat: 'abc123', betby: { active: true, brand_id: 'brand-1', theme_name: 'default' } },
      sportsbook: { scriptUrl: '/sandbox-sportsbook/renderer.js' },
    };
    expect(ids(visibleRoutes(withAll, 'pt', routes))).toEqual(ids(routes));
    const without = { ...fixture, config: { ...fixture.config, hasSports: false, hasBoxes: false, jivoChat: undefined } };
    const shown = ids(visibleRoutes(without, 'pt', routes));
    expect(shown).not.toContain('sports');
    expect(shown).not.toContain('casino-crates');
    expect(shown).not.toContain('live-support');
    // Sports also need the widget: betby.active and the platform's script URL (issue 16).
    expect(ids(visibleRoutes({ ...withAll, config: { ...withAll.config, betby: { ...withAll.config.betby, active: false } } }, 'pt', routes))).not.toContain('sports');
    expect(ids(visibleRoutes({ ...withAll, sportsbook: undefined }, 'pt', routes))).not.toContain('sports');
  });

  it('groups in menu order and drops empty groups', () => {
    expect(menuGroups(fixture, 'pt').map((g) => g.group)).toEqual(['home', 'casino', 'general']);
    const all = NAV_ROUTES.map((r) => ({ ...r, available: true }));
    const sports = { ...fixture, config: { ...fixture.config, betby: { active: true, brand_id: 'brand-1', theme_name: 'default' } }, sportsbook: { scriptUrl: '/renderer.js' } };
    expect(menuGroups(sports, 'pt', all).map((g) => g.group)).toEqual(['home', 'casino', 'sports', 'general']);
    expect(menuGroups(sports, 'pt').map((g) => g.group)).toEqual(['home', 'casino', 'sports', 'general']);
  });
});
