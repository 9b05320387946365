import type { Locale } from '../../contract/tenant-bundle.ts';

export { tokenFromGameUrl } from './fragment.ts';

/**
 * Addresses of the sports pages and the widget's own routes. The widget
 * (BetBy or the sandbox) navigates inside itself with paths such as
 * `/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1`; the site
 * shows them under `/sportsbook` (`/en/sportsbook` in English), so the
 * address bar, the back button and a reload land on the same event.
 */

export const SPORTSBOOK_PREFIX = '/sportsbook';

/*
 * The two locale helpers below are i18n/locales.ts's `localePath` and
 * lib/locale.ts's `stripLocalePrefix` for these paths, repeated here on
 * purpose: the sports page's scripts import nothing the other pages' scripts
 * share (see lib/sports/platform.ts). tests/src/lib/sports/route.test.ts
 * checks they agree with the originals.
 */

/** `/en/sportsbook/x` → `/sportsbook/x`; Portuguese paths unchanged. */
export function withoutLocale(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

/** A locale-neutral path in `locale` (`/sportsbook` → `/en/sportsbook`). */
export function inLocale(locale: Locale, path: string): string {
  const clean = path === '' || path === '/' ? '/' : `/${path.replace(/^\/+|\/+$/g, '')}`;
  if (locale === 'pt') return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Whether a locale-neutral path is the sportsbook route or below it. */
export function isSportsbookPath(path: string): boolean {
  return path === SPORTSBOOK_PREFIX || path.startsWith(`${SPORTSBOOK_PREFIX}/`);
}

/**
 * The widget route a page address names: `/sportsbook/x/y` → `/x/y`;
 * `/sports`, `/sportschange`, `/sportsbook` and anything else → `/`.
 */
export function widgetPathOf(pathname: string): string {
  const path = withoutLocale(pathname.replace(/\/+$/, '') || '/');
  if (!isSportsbookPath(path)) return '/';
  const rest = path.slice(SPORTSBOOK_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** The page address of a widget route in `locale`: `/x/y` → `/sportsbook/x/y` (`/en/sportsbook/x/y`). */
export function sitePathOf(widgetPath: string, locale: Locale): string {
  const clean = `/${widgetPath.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '')}`;
  return inLocale(locale, clean === '/' ? SPORTSBOOK_PREFIX : `${SPORTSBOOK_PREFIX}${clean}`);
}

/**
 * The address the page should show after the widget moved to `widgetPath`,
 * or null to leave it: the widget's home on `/sports` (or `/sportschange`)
 * keeps that page's address; any other move goes under `/sportsbook`.
 */
export function addressForWidgetRoute(widgetPath: string, pathname: string, locale: Locale): string | null {
  const target = sitePathOf(widgetPath, locale);
  const current = pathname.replace(/\/+$/, '') || '/';
  if (target === current) return null;
  if (widgetPathOf(target) === '/' && !isSportsbookPath(withoutLocale(current))) return null;
  return target;
}

/**
 * Spec section 2: a history entry pushed or replaced with a path starting
 * with `/sportsbook` (after the locale prefix) that differs from the current
 * route replaces the app route with it. The widget route it carries, or null
 * when the rule does not apply.
 */
export function routeFromHistory(url: string | URL | null | undefined, currentWidgetPath: string, base: string): string | null {
  if (url === null || url === undefined || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(String(url), base);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(base).origin) return null;
  const path = withoutLocale(parsed.pathname.replace(/\/+$/, '') || '/');
  if (!isSportsbookPath(path)) return null;
  const widgetPath = widgetPathOf(parsed.pathname);
  return widgetPath === currentWidgetPath ? null : widgetPath;
}

/** BetBy's `lang` for a page locale. */
export function widgetLangOf(locale: Locale): 'pt-br' | 'en' {
  return locale === 'en' ? 'en' : 'pt-br';
}
