import * as v from 'valibot';
import { GAME_TYPES } from '../../../src/contract/casino.ts';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import { VALIDATION_KEYS } from '../../../src/contract/validation/keys.ts';
import { ValidationError } from '../../http/errors.ts';
import type { GamesFilter } from './list-games.ts';

/*
 * Query and body schemas of the catalogue calls. Query values arrive as
 * strings; an absent or empty filter means "any".
 */
const invalid = VALIDATION_KEYS.generic;

/** The wallet lists' `page` (1-based, default 1): every paged list reads it alike. */
const PageParam = PageQuerySchema.entries.page;
const Text = (max: number) => v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(max, invalid)), '');
const PROVIDER_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** `provider`: `all`, empty, or a comma list of provider codes (case ignored). */
const ProviderList = v.pipe(
  Text(2000),
  v.transform((s) => (s.toLowerCase() === 'all' ? [] : s.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== ''))),
  v.check((codes) => codes.every((c) => PROVIDER_CODE.test(c)), invalid),
);

export const GamesQuerySchema = v.object({
  page: PageParam,
  provider: ProviderList,
  searchTerm: Text(100),
  category: Text(64),
  type: v.optional(v.union([v.literal(''), v.picklist(GAME_TYPES, invalid)], invalid), ''),
  bonuses: v.optional(v.picklist(['', '0', '1', 'true', 'false'], invalid), ''),
});

export const ProvidersQuerySchema = v.object({ page: PageParam, provider: ProviderList, searchTerm: Text(100), category: Text(64) });

export function toGamesFilter(q: v.InferOutput<typeof GamesQuerySchema>): GamesFilter {
  return { providers: q.provider, searchTerm: q.searchTerm, category: q.category, type: q.type === '' ? null : q.type, bonuses: q.bonuses === '1' || q.bonuses === 'true' };
}

/** `{ game_id, provider_code }`: `game_id` is the gamecode (a provider's numeric ids are accepted as numbers too). */
const GameKeyEntries = {
  game_id: v.pipe(
    v.union([v.string(invalid), v.pipe(v.number(invalid), v.integer(invalid), v.transform(String))], invalid),
    v.trim(),
    v.minLength(1, VALIDATION_KEYS.required),
    v.maxLength(128, invalid),
  ),
  provider_code: v.pipe(v.string(VALIDATION_KEYS.required), v.trim(), v.minLength(1, VALIDATION_KEYS.required), v.maxLength(64, invalid)),
};
export const GameKeyBodySchema = v.object(GameKeyEntries);
export const GameUrlBodySchema = v.object({
  ...GameKeyEntries,
  demo: v.optional(v.union([v.boolean(invalid), v.pipe(v.picklist([0, 1], invalid), v.transform((n) => n === 1))], invalid), false),
  /** The game page's locale: the game opens in it. Absent: the `Accept-Language` header decides. */
  lang: v.optional(v.picklist(['pt', 'en'], invalid)),
});

/**
 * A game id from a path (`/games/like/{id}`): a positive 32-bit integer.
 * @throws ValidationError (422, field `gameId`) otherwise.
 */
export function parseGameIdParam(raw: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new ValidationError({ gameId: [invalid] }, 'invalid_game_id');
  return id;
}
