import * as v from 'valibot';
import { GAME_TYPES, HOUSE_GAMES, HOUSE_PROVIDER_CODE } from '../../../../src/contract/casino.ts';

/*
 * One catalogue row (section 3 Game fields an operator supplies). JSON rows
 * carry typed values, CSV rows strings; both go through the same schema, so
 * booleans accept true/false/1/0/yes/no and an empty CSV cell means "not
 * given". Messages are the operator's (English, like the operator API).
 */

const EMPTY = [undefined, null, ''];
const isEmpty = (x: unknown): boolean => EMPTY.includes(x as never);

function text(field: string, max: number) {
  return v.pipe(
    v.unknown(),
    v.check((x) => !isEmpty(x), `${field} is required`),
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], `${field} must be text`),
    v.transform((s) => s.trim()),
    v.minLength(1, `${field} is required`),
    v.maxLength(max, `${field} must have at most ${max} characters`),
  );
}

function optionalText(field: string, max: number) {
  return v.pipe(
    v.unknown(),
    v.transform((x) => (isEmpty(x) ? null : x)),
    v.nullable(v.pipe(v.string(`${field} must be text`), v.maxLength(max, `${field} must have at most ${max} characters`))),
    v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
  );
}

function slug(field: string, max: number, example: string) {
  return v.pipe(
    text(field, max),
    v.regex(new RegExp(`^[a-z0-9][a-z0-9-]{0,${max - 1}}$`), `${field} must be lower-case letters, digits and dashes, starting with a letter or digit (e.g. ${example})`),
  );
}

const TRUE = [true, 1, '1', 'true', 'yes', 'sim'];
const FALSE = [false, 0, '0', 'false', 'no', 'não', 'nao'];
function flag(field: string, fallback: boolean) {
  return v.pipe(
    v.unknown(),
    v.transform((x) => (typeof x === 'string' ? x.trim().toLowerCase() : x)),
    v.check((x) => isEmpty(x) || TRUE.includes(x as never) || FALSE.includes(x as never), `${field} must be true or false`),
    v.transform((x) => (isEmpty(x) ? fallback : TRUE.includes(x as never))),
  );
}

/** A cover image: an absolute http(s) URL or a site path (`/games/x.webp`). */
function image(field: string, required: boolean) {
  const base = required ? text(field, 500) : optionalText(field, 500);
  return v.pipe(
    base,
    v.check((s) => s === null || /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/\S+$/i.test(s), `${field} must be an http(s) URL or a site path starting with /`),
  );
}

/**
 * `rtp` is a percentage (96.5 = 96.50 %), as providers publish it; stored
 * in basis points (9650). Empty = not stated.
 */
const rtp = v.pipe(
  v.unknown(),
  v.transform((x) => (isEmpty(x) ? null : typeof x === 'string' ? (/^\d{1,3}([.,]\d{1,2})?$/.test(x.trim()) ? Number(x.trim().replace(',', '.')) : NaN) : x)),
  v.nullable(v.pipe(v.number('rtp must be a percentage such as 96.5'), v.check((n) => Number.isFinite(n) && n > 0 && n <= 100, 'rtp must be a percentage between 0 and 100 (e.g. 96.5)'))),
  v.check((n) => n === null || Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'rtp must have at most two decimals'),
  v.transform((n) => (n === null ? null : Math.round(n * 100))),
);

/**
 * `max_multiplier`: the largest payout the game makes, in stakes (5000 =
 * 5,000×); an aggregator win above it is held for review. Empty = the
 * default of the game's type (provider-wallet/rounds.ts).
 */
const maxMultiplier = v.pipe(
  v.unknown(),
  v.transform((x) => (isEmpty(x) ? null : typeof x === 'string' ? (/^\d{1,8}$/.test(x.trim()) ? Number(x.trim()) : NaN) : x)),
  v.nullable(v.pipe(v.number('max_multiplier must be a whole number such as 5000'), v.check((n) => Number.isInteger(n) && n >= 1 && n <= 10_000_000, 'max_multiplier must be a whole number from 1 to 10000000'))),
);

/** Missing keys become '' so each field's own rule reports them ("title is required") instead of valibot's key message. */
const field = <T extends v.GenericSchema>(schema: T) => v.optional(schema, '');

export const CatalogueRowSchema = v.pipe(
  v.object({
    game_id: field(text('game_id', 128)),
    title: field(text('title', 200)),
    gamecode: field(slug('gamecode', 127, 'sweet-bonanza')),
    providercode: field(slug('providercode', 63, 'pragmatic-play')),
    provider_name: field(text('provider_name', 100)),
    has_tables: field(flag('has_tables', false)),
    only_demo: field(flag('only_demo', false)),
    bonus_allowed: field(flag('bonus_allowed', true)),
    image: field(image('image', true)),
    image_mobile: field(image('image_mobile', false)),
    category_slug: field(slug('category_slug', 64, 'slots')),
    type: field(
      v.pipe(
        v.unknown(),
        v.transform((x) => (typeof x === 'string' ? x.trim().toLowerCase() : x)),
        v.picklist(GAME_TYPES, `type must be one of ${GAME_TYPES.join(', ')}`),
      ),
    ),
    rtp: field(rtp),
    max_multiplier: field(maxMultiplier),
    description_pt: field(optionalText('description_pt', 5000)),
    description_en: field(optionalText('description_en', 5000)),
    featured: field(flag('featured', false)),
    featured_home: field(flag('featured_home', false)),
  }),
  // `/casino/category/{slug}` shares the shape of `/casino/{provider}/{game}`: a provider may not take that name.
  v.check((row) => row.providercode !== 'category', 'providercode category is reserved (the site uses /casino/category/…)'),
  v.check(
    (row) => row.providercode !== HOUSE_PROVIDER_CODE || (HOUSE_GAMES as readonly string[]).includes(row.gamecode),
    `the ${HOUSE_PROVIDER_CODE} provider only has the games ${HOUSE_GAMES.join(', ')}`,
  ),
);

export type CatalogueRow = v.InferOutput<typeof CatalogueRowSchema>;

/** The columns a catalogue file may have (CSV header / JSON keys). */
export const CATALOGUE_COLUMNS = [
  'game_id',
  'title',
  'gamecode',
  'providercode',
  'provider_name',
  'has_tables',
  'only_demo',
  'bonus_allowed',
  'image',
  'image_mobile',
  'category_slug',
  'type',
  'rtp',
  'max_multiplier',
  'description_pt',
  'description_en',
  'featured',
  'featured_home',
] as const;
