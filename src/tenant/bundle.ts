import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { CatalogueGame, ProviderView } from '../contract/casino.ts';
import { siteConfigProblems } from '../contract/site-config.ts';
import type { Category, LegalSlug, Locale, TenantBundle, TenantPage } from '../contract/tenant-bundle.ts';
import { TenantBundleSchema } from './bundle-schema.ts';

/**
 * The single place the site reads tenant data. `astro build` runs with env
 * `TENANT_BUNDLE=/abs/path/bundle.json`; without it the build is the
 * "fallback" site for unknown hosts (only the platform-not-found preloader).
 */

/** Default of env PLATFORM_INFO_URL: where "Clique aqui para saber mais" points. */
export const DEFAULT_PLATFORM_INFO_URL =
  'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas';

/**
 * Parses and validates a bundle file. Throws an Error that names the file and
 * every offending field, so a malformed tenant fails its build loudly.
 */
export function loadBundle(path: string): TenantBundle {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`TENANT_BUNDLE ${path}: cannot read JSON (${(error as Error).message})`, { cause: error });
  }
  const result = v.safeParse(TenantBundleSchema, raw);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new Error(`TENANT_BUNDLE ${path} is not a valid tenant bundle:\n${lines.join('\n')}`);
  }
  const problems = siteConfigProblems(result.output.config);
  if (problems.length > 0) throw new Error(`TENANT_BUNDLE ${path}: ${problems.join('; ')}`);
  return result.output;
}

let cached: { path: string | undefined; bundle: TenantBundle | null } | undefined;

/** The tenant of this build, or null for the fallback build (env TENANT_BUNDLE unset or empty). */
export function getBundle(): TenantBundle | null {
  const path = process.env.TENANT_BUNDLE || undefined;
  if (cached && cached.path === path) return cached.bundle;
  const bundle = path ? loadBundle(path) : null;
  cached = { path, bundle };
  return bundle;
}

/** The tenant of this build; throws in the fallback build (use in tenant-only pages). */
export function requireBundle(): TenantBundle {
  const bundle = getBundle();
  if (!bundle) throw new Error('This page needs a tenant: set TENANT_BUNDLE to a bundle JSON file');
  return bundle;
}

/** Link target of the platform-not-found panel (env PLATFORM_INFO_URL). */
export function platformInfoUrl(): string {
  return process.env.PLATFORM_INFO_URL || DEFAULT_PLATFORM_INFO_URL;
}

/** The legal page `slug` in `locale`, or undefined when the operator has not written it. */
export function findLegalPage(bundle: TenantBundle, slug: LegalSlug, locale: Locale): TenantPage | undefined {
  return bundle.pages.find((p) => p.kind === 'legal' && p.slug === slug && p.locale === locale);
}

/** Custom pages (`/pages/{slug}`) written in `locale`. */
export function customPages(bundle: TenantBundle, locale: Locale): TenantPage[] {
  return bundle.pages.filter((p) => p.kind === 'custom' && p.locale === locale);
}

/** Locales in which a page of this kind and slug exists (for hreflang and the language switch). */
export function pageLocales(bundle: TenantBundle, kind: TenantPage['kind'], slug: string): Locale[] {
  return bundle.pages.filter((p) => p.kind === kind && p.slug === slug).map((p) => p.locale);
}

/** Categories in display order. */
export function sortedCategories(bundle: TenantBundle): Category[] {
  let sorted = sortedCategoryCache.get(bundle);
  if (!sorted) {
    sorted = [...bundle.categories].sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
    sortedCategoryCache.set(bundle, sorted);
  }
  return [...sorted];
}

/*
 * Per-bundle indexes, built once per build instead of once per page: a build
 * renders one page per game and locale, and scanning the catalogue for each
 * made a 5,000-game tenant's build quadratic (issue 14). A bundle is never
 * mutated after loading, so caching by identity is safe.
 */
const sortedCategoryCache = new WeakMap<TenantBundle, Category[]>();
const catalogueIndexCache = new WeakMap<TenantBundle, { byCategory: Map<string, CatalogueGame[]>; byProvider: Map<string, CatalogueGame[]> }>();

function catalogueIndex(bundle: TenantBundle): { byCategory: Map<string, CatalogueGame[]>; byProvider: Map<string, CatalogueGame[]> } {
  let index = catalogueIndexCache.get(bundle);
  if (!index) {
    const byCategory = new Map<string, CatalogueGame[]>();
    const byProvider = new Map<string, CatalogueGame[]>();
    for (const game of gamesOf(bundle)) {
      const inCategory = byCategory.get(game.category_slug);
      if (inCategory) inCategory.push(game);
      else byCategory.set(game.category_slug, [game]);
      const ofProvider = byProvider.get(game.providercode);
      if (ofProvider) ofProvider.push(game);
      else byProvider.set(game.providercode, [game]);
    }
    index = { byCategory, byProvider };
    catalogueIndexCache.set(bundle, index);
  }
  return index;
}

/* Casino catalogue (the bundle's optional `casino`; absent → no casino pages). */

/** Every game of the catalogue, most viewed first (the platform's order); empty without a catalogue. */
export function gamesOf(bundle: TenantBundle): CatalogueGame[] {
  return bundle.casino?.games ?? [];
}

/** Providers that have games, in the operator's order. */
export function providersOf(bundle: TenantBundle): Omit<ProviderView, 'id'>[] {
  return bundle.casino?.providers ?? [];
}

/** The game at `/casino/{provider}/{game}`, codes compared ignoring case (spec section 4). */
export function findGame(bundle: TenantBundle, providercode: string, gamecode: string): CatalogueGame | undefined {
  const p = providercode.toLowerCase();
  const g = gamecode.toLowerCase();
  return gamesOf(bundle).find((game) => game.providercode.toLowerCase() === p && game.gamecode.toLowerCase() === g);
}

/** Games of one category slug, in catalogue order. */
export function gamesInCategory(bundle: TenantBundle, slug: string): CatalogueGame[] {
  return [...(catalogueIndex(bundle).byCategory.get(slug) ?? [])];
}

/** Categories (display order) that have at least one game: the `/casino/category/{filter}` pages. */
export function categoriesWithGames(bundle: TenantBundle): Category[] {
  const used = new Set(gamesOf(bundle).map((game) => game.category_slug));
  return sortedCategories(bundle).filter((category) => used.has(category.slug));
}

/** Up to `limit` other games of the same category, else of the same provider (pre-rendered "related games"). */
export function relatedGames(bundle: TenantBundle, game: CatalogueGame, limit = 12): CatalogueGame[] {
  const index = catalogueIndex(bundle);
  const out: CatalogueGame[] = [];
  // Same category first, then same provider in other categories; each in catalogue order.
  for (const g of index.byCategory.get(game.category_slug) ?? []) {
    if (out.length >= limit) return out;
    if (g.id !== game.id) out.push(g);
  }
  for (const g of index.byProvider.get(game.providercode) ?? []) {
    if (out.length >= limit) return out;
    if (g.id !== game.id && g.category_slug !== game.category_slug) out.push(g);
  }
  return out;
}
