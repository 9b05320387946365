import type { Locale } from '../../contract/tenant-bundle.ts';
import { GAME_TYPES } from '../../contract/casino.ts';

/**
 * Texts the casino islands show, resolved at build time and passed as props:
 * the islands render real content on the server (crawlers, no JavaScript)
 * without loading i18next in the browser.
 */
const KEYS = [
  'by', 'provider', 'category', 'allCategories', 'type', 'allTypes', 'search', 'searchPlaceholder', 'bonusesOnly', 'allProviders',
  'filters', 'more', 'loading', 'empty', 'listFailed', 'retry', 'play', 'playDemo', 'onlyDemo', 'playing', 'playingDemo',
  'closeGame', 'frameTitle', 'maintenance', 'maintenanceText', 'like', 'likes', 'favorite', 'lastPlayed', 'continue',
  'loginRequired', 'login', 'noFavorites', 'noRecent', 'seeGames', 'suggested', 'errors.toggle',
] as const;
export type CasinoLabelKey = (typeof KEYS)[number] | `types.${(typeof GAME_TYPES)[number]}`;
export type CasinoLabels = Record<CasinoLabelKey, string>;

/** Every casino label in `locale`; `translate` is the build-time `t` (placeholders such as {{provider}} stay for the island). */
export function casinoLabels(locale: Locale, translate: (locale: Locale, key: string, vars?: Record<string, unknown>) => string): CasinoLabels {
  const out = {} as CasinoLabels;
  // Keep {{…}} placeholders: the island fills them per game.
  const keep = { provider: '{{provider}}', title: '{{title}}' };
  for (const key of KEYS) out[key] = translate(locale, `casino.${key}`, keep);
  for (const type of GAME_TYPES) out[`types.${type}`] = translate(locale, `casino.types.${type}`);
  return out;
}

/** Fills `{{name}}` placeholders of a label. */
export function fill(label: string, vars: Record<string, string | number>): string {
  return label.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
