import { readFileSync } from 'node:fs';
import type { Locale } from '../contract/tenant-bundle.ts';

/**
 * Incremental rebuild (issue 14, server/sites/incremental.ts): the sites
 * builder names in env `TENANT_REUSED_PAGES` a JSON file
 * `{ "games": [[locale, providercode, gamecode], …] }` of game pages it takes
 * unchanged from the previous build. Those are not rendered again; the
 * sitemap still lists them (astro.config.mjs).
 */

export interface ReusedGamePage {
  locale: Locale;
  providercode: string;
  gamecode: string;
}

let cached: { path: string | undefined; pages: ReusedGamePage[] } | undefined;

/** The game pages this build reuses (empty without TENANT_REUSED_PAGES). */
export function reusedGamePages(): ReusedGamePage[] {
  const path = process.env.TENANT_REUSED_PAGES || undefined;
  if (cached && cached.path === path) return cached.pages;
  const pages = path
    ? (JSON.parse(readFileSync(path, 'utf8')) as { games: [Locale, string, string][] }).games.map(([locale, providercode, gamecode]) => ({ locale, providercode, gamecode }))
    : [];
  cached = { path, pages };
  return pages;
}

/** Key of a game page in {@link reusedGameKeys}. */
export function gamePageKey(locale: Locale, providercode: string, gamecode: string): string {
  return `${locale}\u0000${providercode}\u0000${gamecode}`;
}

/** {@link reusedGamePages} as a set of {@link gamePageKey} keys. */
export function reusedGameKeys(): Set<string> {
  return new Set(reusedGamePages().map((page) => gamePageKey(page.locale, page.providercode, page.gamecode)));
}
