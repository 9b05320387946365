import * as v from 'valibot';
import { MAX_AMOUNT_CENTAVOS } from './money.ts';
import type { WalletView } from './wallet.ts';

/**
 * Mystery boxes and prizes (issue 19). Amounts are integer centavos, texts
 * `{pt, en}`, probabilities in parts per million (ppm) summing to exactly
 * 1 000 000 per box. A box's colour is a key of the tenant's `spineBox`
 * colours. Drawing is provably fair with the house games' scheme (see
 * docs/boxes.md): HMAC-SHA256(server seed, `${client_seed}:${nonce}`) → the
 * first uint32 → ticket = ⌊uint32 × 1 000 000 / 2³²⌋ → the prize whose
 * cumulative ppm range (in the box's prize order) holds the ticket.
 */

/** A text in both site languages. */
export interface BoxText {
  pt: string;
  en: string;
}

/** The tenant's `spineBox` colour keys (site-config). */
export const BOX_COLORS = ['red', 'blue', 'pink', 'black', 'green', 'yellow'] as const;
export type BoxColor = (typeof BOX_COLORS)[number];

export const PRIZE_KINDS = ['item', 'vip_points'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** Where a player's box came from. */
export const USER_BOX_SOURCES = ['purchase', 'mission', 'promotion', 'operator'] as const;
export type UserBoxSource = (typeof USER_BOX_SOURCES)[number];
/** The sources a grant may name (a purchase is never a grant). */
export const GRANT_SOURCES = ['mission', 'promotion', 'operator'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

export type UserBoxStatus = 'unopened' | 'opened' | 'sold';
/**
 * `kept`: an item prize the player holds (sellable when `sell_value` > 0);
 * `sold`: an item prize sold (its sell value credited once);
 * `credited`: a `vip_points` prize, whose points were credited when the box was opened.
 */
export type UserPrizeStatus = 'kept' | 'sold' | 'credited';

/** Probabilities are published in parts per million; a box's prizes sum to exactly this. */
export const PPM_TOTAL = 1_000_000;
/** Most prizes one box may hold. */
export const MAX_BOX_PRIZES = 50;

/** A box as the catalogue shows it (no per-player data). */
export interface BoxView {
  id: number;
  slug: string;
  name: BoxText;
  description: BoxText;
  /** Site path or https URL of the box art, or null. */
  image: string | null;
  color: BoxColor;
  /** Centavos; 0 for a box that is only granted. */
  price: number;
  /** True when a player may buy it here: a price above 0, the operator allows buying and the tenant is not regulated. */
  purchasable: boolean;
  /** Σ ppm × value / 1e6 over its prizes, centavos, rounded down. */
  expected_value: number;
  prize_count: number;
}

export interface PrizeView {
  id: number;
  box_id: number;
  name: BoxText;
  image: string | null;
  kind: PrizeKind;
  /** Centavos shown as the prize's value. */
  value: number;
  /** Centavos credited by selling the prize; 0 = cannot be sold (always 0 for `vip_points`). */
  sell_value: number;
  /** VIP points credited when won (`vip_points` kind); 0 for items. */
  points: number;
  probability_ppm: number;
}

/** One prize's ticket range in a draw: tickets `from` ≤ t < `to` (of 0 … 999 999) win it. */
export interface DrawRange {
  prize_id: number;
  probability_ppm: number;
  from: number;
  to: number;
}

export interface BoxFairness {
  /** SHA-256 of the box's server seed, committed when the player received the box (shown before opening). */
  server_seed_hash: string;
  /** Revealed once the box is opened (null before). */
  server_seed: string | null;
  /** Before opening: the player's current client seed (the house games' one, changeable on the fairness page), used when opening; after: the one used. */
  client_seed: string;
  nonce: number;
  /** After opening: the drawn ticket (0 … 999 999); null before. */
  ticket: number | null;
  /** After opening: the prize table the draw used, in order; null before. */
  ranges: DrawRange[] | null;
}

export interface UserPrizeView {
  id: number;
  /** The prize as it was when won (kept even if the operator changes the box later). */
  prize: PrizeView;
  user_box_id: number;
  status: UserPrizeStatus;
  won_at: string;
  sold_at: string | null;
}

export interface UserBoxView {
  id: number;
  box: BoxView;
  source: UserBoxSource;
  status: UserBoxStatus;
  created_at: string;
  opened_at: string | null;
  sold_at: string | null;
  server_seed_hash: string;
  prize: UserPrizeView | null;
  /** Centavos credited by `POST /boxes/sell` (unopened only): the price paid for a bought box, 0 for a granted one (cannot be sold). */
  sell_value: number;
  fairness: BoxFairness;
}

/** `GET /boxes/all` */
export interface BoxListAnswer {
  data: BoxView[];
}
/** `GET /boxes/get/{id}/prizes` (id = box id or slug) */
export interface BoxPrizesAnswer {
  box: BoxView;
  prizes: PrizeView[];
}
/** `GET /boxes/user/get`: unopened first (newest first), then the rest, newest first. */
export interface UserBoxListAnswer {
  data: UserBoxView[];
}
/** `POST /boxes/buy` */
export interface BuyBoxAnswer {
  box: UserBoxView;
  wallet: WalletView;
}
/** `POST /boxes/open` */
export interface OpenBoxAnswer {
  box: UserBoxView;
  prize: UserPrizeView;
}
/** `POST /boxes/sell` */
export interface SellBoxAnswer {
  box: UserBoxView;
  wallet: WalletView;
}
/** `GET /prizes/user`: the player's item prizes, kept first, then sold; newest first. */
export interface UserPrizeListAnswer {
  data: UserPrizeView[];
}
/** `POST /prizes/sell` */
export interface SellPrizeAnswer {
  prize: UserPrizeView;
  wallet: WalletView;
}

/**
 * `GET /boxes/verify?server_seed=&client_seed=&nonce=&box=` (box id or slug;
 * the box's current prize table) or `GET /boxes/verify?user_box_id=` (the
 * player's own opened box, with the table it was drawn with). Recomputes
 * the draw; writes nothing.
 */
export interface BoxVerifyAnswer {
  server_seed_hash: string;
  ticket: number;
  /** The uint32 / 2³², the house games' float. */
  float: number;
  prize_id: number;
  prize: PrizeView | null;
  ranges: DrawRange[];
}

/** A box in the tenant bundle: its view and its prizes, for `/casino/box/{slug}`. */
export interface BundleBox extends BoxView {
  prizes: PrizeView[];
}

/** The operator's view of a box: its catalogue view plus what only the operator sees. */
export interface OperatorBoxView extends BoxView {
  /** Whether the operator allows buying it (the tenant being regulated still refuses). */
  buyable: boolean;
  active: boolean;
  position: number;
  prizes: PrizeView[];
}

// ---- inputs -------------------------------------------------------------

/** Keys of i18n messages of the boxes validation (translated per request). */
const M = {
  id: 'boxesApi.validation.id',
  slug: 'boxesApi.validation.slug',
  name: 'boxesApi.validation.name',
  description: 'boxesApi.validation.description',
  image: 'boxesApi.validation.image',
  color: 'boxesApi.validation.color',
  price: 'boxesApi.validation.price',
  flag: 'boxesApi.validation.flag',
  position: 'boxesApi.validation.position',
  prizes: 'boxesApi.validation.prizes',
  kind: 'boxesApi.validation.kind',
  value: 'boxesApi.validation.value',
  sellValue: 'boxesApi.validation.sellValue',
  points: 'boxesApi.validation.points',
  ppm: 'boxesApi.validation.ppm',
  ppmTotal: 'boxesApi.validation.ppmTotal',
  source: 'boxesApi.validation.source',
  userId: 'boxesApi.validation.userId',
  seed: 'boxesApi.validation.seed',
  nonce: 'boxesApi.validation.nonce',
} as const;
export const BOX_VALIDATION_KEYS = M;

const integerIn = (key: string, min: number, max: number) => v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key));
const idSchema = integerIn(M.id, 1, 2_147_483_647);
const text = (key: string, max: number, min = 1) => v.object({ pt: v.pipe(v.string(key), v.trim(), v.minLength(min, key), v.maxLength(max, key)), en: v.pipe(v.string(key), v.trim(), v.minLength(min, key), v.maxLength(max, key)) }, key);
const imageSchema = v.optional(v.nullable(v.pipe(v.string(M.image), v.regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, M.image), v.maxLength(500, M.image))), null);

/** `POST /boxes/buy {box_id}`: a catalogue box id. */
export const BuyBoxSchema = v.object({ box_id: idSchema });
/** `POST /boxes/open {box_id}`: the player's USER box id. */
export const OpenBoxSchema = v.object({ box_id: idSchema });
/** `POST /boxes/sell {id}`: the player's user box id. */
export const SellBoxSchema = v.object({ id: idSchema });
/** `POST /prizes/sell {id}`: the player's user prize id. */
export const SellPrizeSchema = v.object({ id: idSchema });

export const PrizeInputSchema = v.pipe(
  v.object({
    name: text(M.name, 80),
    image: imageSchema,
    kind: v.picklist(PRIZE_KINDS, M.kind),
    value: integerIn(M.value, 0, MAX_AMOUNT_CENTAVOS),
    sell_value: v.optional(integerIn(M.sellValue, 0, MAX_AMOUNT_CENTAVOS), 0),
    points: v.optional(integerIn(M.points, 0, 1_000_000), 0),
    probability_ppm: integerIn(M.ppm, 1, PPM_TOTAL),
  }),
  v.forward(
    v.check((p) => p.kind === 'item' || (p.points >= 1 && p.sell_value === 0), M.points),
    ['points'],
  ),
  v.forward(
    v.check((p) => p.kind === 'vip_points' || p.points === 0, M.points),
    ['points'],
  ),
  v.forward(
    v.check((p) => p.sell_value <= p.value, M.sellValue),
    ['sell_value'],
  ),
);
export type PrizeInput = v.InferOutput<typeof PrizeInputSchema>;

const prizesSchema = v.pipe(
  v.array(PrizeInputSchema, M.prizes),
  v.minLength(1, M.prizes),
  v.maxLength(MAX_BOX_PRIZES, M.prizes),
  v.check((prizes) => prizes.reduce((sum, p) => sum + p.probability_ppm, 0) === PPM_TOTAL, M.ppmTotal),
);

const boxFields = {
  name: text(M.name, 60),
  description: v.optional(text(M.description, 500, 0), { pt: '', en: '' }),
  image: imageSchema,
  color: v.picklist(BOX_COLORS, M.color),
  price: integerIn(M.price, 0, MAX_AMOUNT_CENTAVOS),
  /** The operator allows buying it (default true when it has a price). */
  buyable: v.optional(v.boolean(M.flag), true),
  active: v.optional(v.boolean(M.flag), true),
  position: v.optional(integerIn(M.position, 0, 10_000), 0),
  prizes: prizesSchema,
};

/** Lower-case letters, digits and hyphens, 1–60, not only digits (a number names a box by id). */
export const BOX_SLUG_PATTERN = /^(?!\d+$)[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
const slugSchema = v.pipe(v.string(M.slug), v.regex(BOX_SLUG_PATTERN, M.slug));

/** `PUT /operator/boxes/{slug}`: creates or replaces a box with its whole prize list (ppm summing to 1e6). */
export const BoxInputSchema = v.object(boxFields);
export type BoxInput = v.InferOutput<typeof BoxInputSchema>;
/** `PUT /operator/boxes {boxes: [...]}`: replaces every box of the tenant (each with its slug). */
export const BoxListInputSchema = v.object({ boxes: v.pipe(v.array(v.object({ slug: slugSchema, ...boxFields }), M.prizes), v.maxLength(100, M.prizes)) });
/** `PATCH /operator/boxes/{slug}`: any of the fields; `prizes`, when given, replaces the whole list. */
export const BoxPatchSchema = v.partial(v.object({ name: boxFields.name, description: text(M.description, 500, 0), image: v.nullable(v.pipe(v.string(M.image), v.regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, M.image), v.maxLength(500, M.image))), color: boxFields.color, price: boxFields.price, buyable: v.boolean(M.flag), active: v.boolean(M.flag), position: integerIn(M.position, 0, 10_000), prizes: prizesSchema }));
export type BoxPatch = v.InferOutput<typeof BoxPatchSchema>;
export const BoxSlugSchema = slugSchema;

/** `POST /operator/boxes/{slug}/grant {user_id, source?}` (default source `operator`). */
export const GrantBoxSchema = v.object({
  user_id: integerIn(M.userId, 1, 2_147_483_647),
  source: v.optional(v.picklist(GRANT_SOURCES, M.source), 'operator'),
});

/** `GET /boxes/verify` query (strings from the URL). */
export const BoxVerifyQuerySchema = v.union([
  v.object({ user_box_id: v.pipe(v.string(M.id), v.regex(/^[1-9]\d{0,9}$/, M.id), v.transform(Number)) }),
  v.object({
    server_seed: v.pipe(v.string(M.seed), v.regex(/^[\x20-\x7e]{1,128}$/, M.seed)),
    client_seed: v.pipe(v.string(M.seed), v.regex(/^[\x20-\x7e]{1,64}$/, M.seed)),
    nonce: v.pipe(v.string(M.nonce), v.regex(/^\d{1,10}$/, M.nonce), v.transform(Number)),
    box: v.pipe(v.string(M.id), v.minLength(1, M.id), v.maxLength(60, M.id)),
  }),
], M.seed);
