import type { SiteConfig } from '../../contract/site-config.ts';
import type { Locale, TenantBundle } from '../../contract/tenant-bundle.ts';
import { tenantSportsConfig } from '../../lib/sports/config.ts';

/** Side-menu groups of specification section 2 (`home` sits above them). */
export type NavGroup = 'home' | 'casino' | 'sports' | 'general';

export interface NavRoute {
  id: string;
  /** Locale-neutral path (`/promotions`); the menu prefixes `/en` for English. */
  path: string;
  /** i18n key of the label. */
  labelKey: string;
  /** i18n key of the label on a regulated tenant (`is_regulated`), when it must say less there. */
  regulatedLabelKey?: string;
  group: NavGroup;
  /** Icon name in `NavIcon.astro`. */
  icon: string;
  /**
   * Whether the route's page exists in this codebase. Routes owned by later
   * features stay `false` until their page ships (then the feature flips it),
   * so the menu never links to a placeholder.
   */
  available: boolean;
  /** Tenant condition on top of `available` (e.g. sports only with `hasSports`). */
  enabledFor?: (config: SiteConfig, bundle: TenantBundle, locale: Locale) => boolean;
}

/** Casino pages are built only for a tenant whose bundle carries a catalogue. */
const hasCatalogue = (_config: SiteConfig, bundle: TenantBundle): boolean => Boolean(bundle.casino);

/**
 * Every side-menu entry of section 2, in display order. The single switch
 * later features use to put their route in the menu.
 */
export const NAV_ROUTES: readonly NavRoute[] = [
  { id: 'home', path: '/', labelKey: 'nav.items.home', group: 'home', icon: 'home', available: true },
  { id: 'casino-games', path: '/casino/games', labelKey: 'nav.items.casinoGames', group: 'casino', icon: 'grid', available: true, enabledFor: hasCatalogue },
  { id: 'casino-providers', path: '/casino/providers', labelKey: 'nav.items.casinoProviders', group: 'casino', icon: 'layers', available: true, enabledFor: hasCatalogue },
  { id: 'casino-recent', path: '/casino/recent', labelKey: 'nav.items.casinoRecent', group: 'casino', icon: 'clock', available: true, enabledFor: hasCatalogue },
  { id: 'casino-favorites', path: '/casino/favorites', labelKey: 'nav.items.casinoFavorites', group: 'casino', icon: 'star', available: true, enabledFor: hasCatalogue },
  {
    id: 'casino-crates', path: '/casino/crates', labelKey: 'nav.items.casinoCrates', group: 'casino', icon: 'box', available: true,
    enabledFor: (config) => config.hasBoxes,
  },
  {
    // The spec's sports section: only for a tenant with `hasSports`, `betby.active` and a configured widget (src/lib/sports/config.ts).
    id: 'sports', path: '/sports', labelKey: 'nav.items.sports', group: 'sports', icon: 'ball', available: true,
    enabledFor: (_config, bundle) => tenantSportsConfig(bundle) !== null,
  },
  { id: 'promotions', path: '/promotions', labelKey: 'nav.items.promotions', group: 'general', icon: 'gift', available: true },
  {
    // "…e ganhe" promises a reward a regulated tenant never pays (Portaria SPA/MF 1.231/2024 art. 42): there it is only "Indique um amigo".
    id: 'refer-a-friend', path: '/refers', labelKey: 'nav.items.referAFriend', regulatedLabelKey: 'nav.items.referAFriendRegulated', group: 'general', icon: 'users', available: true,
  },
  { id: 'vip-club', path: '/vip', labelKey: 'nav.items.vipClub', group: 'general', icon: 'crown', available: true },
  { id: 'ranking', path: '/ranking', labelKey: 'nav.items.ranking', group: 'general', icon: 'trophy', available: true },
  {
    // News is operator content: the custom page `/pages/news` when the tenant wrote one in this locale.
    id: 'news', path: '/pages/news', labelKey: 'nav.items.news', group: 'general', icon: 'news', available: true,
    enabledFor: (_config, bundle, locale) => bundle.pages.some((p) => p.kind === 'custom' && p.slug === 'news' && p.locale === locale),
  },
  {
    // Opens the support-chat widget (a later feature) and needs the tenant's jivoChat id.
    id: 'live-support', path: '#live-support', labelKey: 'nav.items.liveSupport', group: 'general', icon: 'chat', available: false,
    enabledFor: (config) => Boolean(config.jivoChat),
  },
];

export const NAV_GROUP_ORDER: readonly NavGroup[] = ['home', 'casino', 'sports', 'general'];

/** The i18n key of a route's label on this tenant. */
export function routeLabelKey(route: NavRoute, config: SiteConfig): string {
  return config.is_regulated && route.regulatedLabelKey ? route.regulatedLabelKey : route.labelKey;
}

/** Entries shown to this tenant in this locale: available and enabled. */
export function visibleRoutes(bundle: TenantBundle, locale: Locale, routes: readonly NavRoute[] = NAV_ROUTES): NavRoute[] {
  return routes.filter((r) => r.available && (r.enabledFor?.(bundle.config, bundle, locale) ?? true));
}

export type MenuGroups = readonly { group: NavGroup; routes: readonly NavRoute[] }[];

/**
 * The menu of NAV_ROUTES by bundle and locale: the same on every page of a build (thousands of
 * them), and the conditions scan the bundle (its custom pages for news). Issue 14, build speed.
 */
const menus = new WeakMap<TenantBundle, Map<Locale, MenuGroups>>();

/** Visible entries grouped in menu order; groups with no visible entry are left out. Read only: the result may be shared. */
export function menuGroups(bundle: TenantBundle, locale: Locale, routes: readonly NavRoute[] = NAV_ROUTES): MenuGroups {
  const cacheable = routes === NAV_ROUTES;
  const known = cacheable ? menus.get(bundle)?.get(locale) : undefined;
  if (known) return known;
  const visible = visibleRoutes(bundle, locale, routes);
  const groups = NAV_GROUP_ORDER.map((group) => ({ group, routes: visible.filter((r) => r.group === group) })).filter(
    (g) => g.routes.length > 0,
  );
  if (cacheable) {
    const byLocale = menus.get(bundle) ?? new Map<Locale, MenuGroups>();
    byLocale.set(locale, groups);
    menus.set(bundle, byLocale);
  }
  return groups;
}
