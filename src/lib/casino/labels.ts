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
  'loginRequired', 'login', 'noFavorites', 'noRecent', 'seeGames', 'suggested', 'errors.toggle', 'gamesCount_zero', 'gamesCount_one', 'gamesCount_other',
] as const;
export type CasinoLabelKey = (typeof KEYS)[number] | `types.${(typeof GAME_TYPES)[number]}`;
export type CasinoLabels = Record<CasinoLabelKey, string>;

/** What the game page's launcher (`GamePlay`) shows: the only labels serialized into its island's props on every game page. */
const GAME_PLAY_KEYS = [
  'play', 'playDemo', 'onlyDemo', 'playing', 'playingDemo', 'closeGame', 'frameTitle', 'maintenance', 'maintenanceText',
  'like', 'likes', 'favorite', 'lastPlayed', 'errors.toggle',
] as const satisfies readonly CasinoLabelKey[];
export type GamePlayLabels = Pick<CasinoLabels, (typeof GAME_PLAY_KEYS)[number]>;

/** The launcher's labels out of every casino label (a game page's props: ~1 KB instead of ~4 KB). */
export function gamePlayLabels(labels: CasinoLabels): GamePlayLabels {
  const out = {} as GamePlayLabels;
  for (const key of GAME_PLAY_KEYS) out[key] = labels[key];
  return out;
}

/** Every casino label in `locale`; `translate` is the build-time `t` (placeholders such as {{provider}} stay for the island). */
export function casinoLabels(locale: Locale, translate: (locale: Locale, key: string, vars?: Record<string, unknown>) => string): CasinoLabels {
  // Built once per locale and translator (every game page of a build passes the same ones).
  let byLocale = labelCache.get(translate);
  if (!byLocale) labelCache.set(translate, (byLocale = new Map()));
  const cached = byLocale.get(locale);
  if (cached) return { ...cached };
  const out = {} as CasinoLabels;
  // Keep {{…}} placeholders: the island fills them per game.
  // A string `count` also keeps i18next from choosing a plural form: the island picks _one/_other itself.
  const keep = { provider: '{{provider}}', title: '{{title}}', count: '{{count}}' };
  for (const key of KEYS) out[key] = translate(locale, `casino.${key}`, keep);
  for (const type of GAME_TYPES) out[`types.${type}`] = translate(locale, `casino.types.${type}`);
  byLocale.set(locale, out);
  return { ...out };
}

const labelCache = new WeakMap<(locale: Locale, key: string, vars?: Record<string, unknown>) => string, Map<Locale, CasinoLabels>>();

/** Fills `{{name}}` placeholders of a label. */
export function fill(label: string, vars: Record<string, string | number>): string {
  return label.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * "Nenhum jogo" / "1 jogo" / "40 jogos" (`gamesCount_zero`, then `_one` / `_other` by the language's plural
 * rules): CLDR counts 0 as "one" in Portuguese, but a player reads "0 jogo" as a typo.
 */
export function gamesCountText(labels: Pick<CasinoLabels, 'gamesCount_zero' | 'gamesCount_one' | 'gamesCount_other'>, locale: Locale, count: number): string {
  if (count === 0) return labels.gamesCount_zero;
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale === 'pt' ? 'pt-BR' : 'en-US');
    pluralRules.set(locale, rules);
  }
  return fill(rules.select(count) === 'one' ? labels.gamesCount_one : labels.gamesCount_other, { count });
}
