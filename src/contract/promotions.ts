import * as v from 'valibot';

/**
 * Operator-managed promotions (issue 18): the shape the operator API accepts
 * and the one the tenant bundle carries to the static build. Texts exist in
 * both site languages; `body` is HTML the platform sanitises on save.
 */

/** A text in both site languages. */
export interface PromotionText {
  pt: string;
  en: string;
}

/** One promotion as the site build sees it (only live ones: active and inside their window at build time). */
export interface BundlePromotion {
  /** `/promotion/{slug}`: lower-case words joined by hyphens. */
  slug: string;
  title: PromotionText;
  summary: PromotionText;
  /** Sanitised HTML per language. */
  body: PromotionText;
  /** 1200×400 art: a site path (the tenant's own files, drawn like banners) or an https URL; null for none. */
  image: string | null;
  /** A coupon code the promotion advertises (redeemed on `/bonus`), or null. */
  couponCode: string | null;
  startsAt: string | null;
  endsAt: string | null;
  sort: number;
  updatedAt: string;
}

/** Keys of i18n messages the validation gives (the platform translates them per request). */
const M = {
  slug: 'promotions.validation.slug',
  text: 'promotions.validation.text',
  body: 'promotions.validation.body',
  image: 'promotions.validation.image',
  coupon: 'promotions.validation.coupon',
  date: 'promotions.validation.date',
  window: 'promotions.validation.window',
  sort: 'promotions.validation.sort',
  active: 'promotions.validation.active',
} as const;

export const PROMOTION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = v.pipe(v.string(M.slug), v.regex(PROMOTION_SLUG, M.slug), v.maxLength(80, M.slug));
const line = (max: number) => v.pipe(v.string(M.text), v.trim(), v.minLength(1, M.text), v.maxLength(max, M.text));
const localized = (max: number) => v.object({ pt: line(max), en: line(max) }, M.text);
const html = v.pipe(v.string(M.body), v.maxLength(100_000, M.body));
/** Site-relative path (`/promos/vip.svg`) or absolute https URL, as banners. */
const image = v.nullable(v.pipe(v.string(M.image), v.regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, M.image), v.maxLength(500, M.image)));
const coupon = v.nullable(v.pipe(v.string(M.coupon), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/, M.coupon)));
const instant = v.nullable(v.pipe(v.string(M.date), v.isoTimestamp(M.date)));

/**
 * A whole promotion as the operator writes it (`PUT /operator/promotions/{slug}`).
 * Optional fields default to: no image, no coupon, no window, active, sort 0.
 */
export const PromotionInputSchema = v.pipe(
  v.object({
    title: localized(120),
    summary: localized(280),
    body: v.object({ pt: html, en: html }, M.body),
    image: v.optional(image, null),
    couponCode: v.optional(coupon, null),
    startsAt: v.optional(instant, null),
    endsAt: v.optional(instant, null),
    active: v.optional(v.boolean(M.active), true),
    sort: v.optional(v.pipe(v.number(M.sort), v.integer(M.sort), v.minValue(-100_000, M.sort), v.maxValue(100_000, M.sort)), 0),
  }),
  v.forward(
    v.check((p) => !p.startsAt || !p.endsAt || Date.parse(p.endsAt) > Date.parse(p.startsAt), M.window),
    ['endsAt'],
  ),
);
export type PromotionInput = v.InferOutput<typeof PromotionInputSchema>;

export const PromotionSlugSchema = slug;

/** Runtime check of the bundle's promotions (the build refuses a malformed bundle). */
export const BundlePromotionSchema = v.object({
  slug: v.pipe(v.string(), v.regex(PROMOTION_SLUG)),
  title: v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) }),
  summary: v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) }),
  body: v.object({ pt: v.string(), en: v.string() }),
  image: v.nullable(v.string()),
  couponCode: v.nullable(v.string()),
  startsAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  endsAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  sort: v.number(),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
});
