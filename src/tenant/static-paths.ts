import type { CatalogueGame } from '../contract/casino.ts';
import { type Category, LOCALES, type Locale, type TenantPage } from '../contract/tenant-bundle.ts';
import { localeParam } from '../i18n/locales.ts';
import { categoriesWithGames, gamesOf, getBundle } from './bundle.ts';
import { gamePageKey, reusedGameKeys } from './reused-pages.ts';

/**
 * `getStaticPaths` results for the `[...locale]` routes. Each route exists
 * once per locale (pt unprefixed, en under /en); tenant pages only in the
 * locales the operator wrote them in; nothing but `/` in the fallback build.
 */

export interface LocaleProps {
  locale: Locale;
}

/** Home: both locales for a tenant, only `/` (the not-found preloader) in the fallback build. */
export function homePaths(): { params: { locale: string | undefined }; props: LocaleProps & { fallback: boolean } }[] {
  if (!getBundle()) return [{ params: { locale: undefined }, props: { locale: 'pt', fallback: true } }];
  return LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: { locale, fallback: false } }));
}

/** One path per tenant page of `kind`, keyed by its slug param. */
export function tenantPagePaths<K extends string>(
  kind: TenantPage['kind'],
  slugParam: K,
): { params: { locale: string | undefined } & Record<K, string>; props: { page: TenantPage } }[] {
  const bundle = getBundle();
  if (!bundle) return [];
  return bundle.pages
    .filter((page) => page.kind === kind)
    .map((page) => ({
      params: { locale: localeParam(page.locale), [slugParam]: page.slug } as { locale: string | undefined } & Record<K, string>,
      props: { page },
    }));
}

/** Locales other than the default, for routes whose default-locale file is static (404). */
export function prefixedLocalePaths(): { params: { locale: string }; props: LocaleProps }[] {
  if (!getBundle()) return [];
  return LOCALES.filter((l) => localeParam(l) !== undefined).map((locale) => ({
    params: { locale: localeParam(locale)! },
    props: { locale },
  }));
}

/**
 * Both locales for a tenant, nothing in the fallback build: routes that are
 * pages of the app rather than of the operator (`/login`, `/user`, …).
 */
export function tenantLocalePaths(): { params: { locale: string | undefined }; props: LocaleProps }[] {
  if (!getBundle()) return [];
  return LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: { locale } }));
}

/** Both locales when the tenant has a casino catalogue (`/casino/games`, `/casino/favorites`, …); nothing otherwise. */
export function casinoLocalePaths(): { params: { locale: string | undefined }; props: LocaleProps }[] {
  return getBundle()?.casino ? tenantLocalePaths() : [];
}

/** `/casino/category/{filter}`: one per category that has games, in both locales. */
export function casinoCategoryPaths(): { params: { locale: string | undefined; filter: string }; props: LocaleProps & { category: Category } }[] {
  const bundle = getBundle();
  if (!bundle?.casino) return [];
  return categoriesWithGames(bundle).flatMap((category) =>
    LOCALES.map((locale) => ({ params: { locale: localeParam(locale), filter: category.slug }, props: { locale, category } })),
  );
}

/** `/casino/{provider}/{game}`: one per catalogue game, in both locales (unknown pairs fall to 404.html). */
export function casinoGamePaths(): { params: { locale: string | undefined; provider: string; game: string }; props: LocaleProps & { game: CatalogueGame } }[] {
  const bundle = getBundle();
  if (!bundle) return [];
  // Pages the sites builder takes unchanged from the previous build (incremental rebuild) are not rendered.
  const reused = reusedGameKeys();
  return gamesOf(bundle).flatMap((game) =>
    LOCALES.filter((locale) => !reused.has(gamePageKey(locale, game.providercode, game.gamecode))).map((locale) => ({
      params: { locale: localeParam(locale), provider: game.providercode, game: game.gamecode },
      props: { locale, game },
    })),
  );
}
