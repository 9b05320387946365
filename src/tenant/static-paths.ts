import { LOCALES, type Locale, type TenantPage } from '../contract/tenant-bundle.ts';
import { localeParam } from '../i18n/locales.ts';
import { getBundle } from './bundle.ts';

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
