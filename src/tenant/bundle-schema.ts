import * as v from 'valibot';
import { SiteConfigSchema } from '../contract/site-config.ts';
import { GAME_TYPES } from '../contract/casino.ts';
import { LEGAL_SLUGS } from '../contract/tenant-bundle.ts';
import { BundlePromotionSchema } from '../contract/promotions.ts';
import { BOX_COLORS, PPM_TOTAL, PRIZE_KINDS } from '../contract/boxes.ts';

/**
 * Runtime check of a `TenantBundle` JSON file (the interface lives in
 * `src/contract/tenant-bundle.ts`). The build refuses a malformed bundle so a
 * broken tenant never replaces a working site.
 */
const locale = v.picklist(['pt', 'en']);
const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase-dashed slug'));
const origin = v.pipe(
  v.string(),
  v.regex(/^https?:\/\/[^/\s]+$/, 'must be a scheme and host without a path, e.g. https://sorte.example'),
);

const PageSchema = v.pipe(
  v.object({
    kind: v.picklist(['legal', 'custom']),
    slug,
    locale,
    title: v.pipe(v.string(), v.minLength(1)),
    bodyHtml: v.string(),
    updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  }),
  v.check(
    (page) => page.kind !== 'legal' || (LEGAL_SLUGS as readonly string[]).includes(page.slug),
    `a legal page slug must be one of ${LEGAL_SLUGS.join(', ')}`,
  ),
);

const CategorySchema = v.object({
  slug,
  name: v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) }),
  icon: v.optional(v.string()),
  order: v.number(),
});

const RealtimeSchema = v.object({
  key: v.string(),
  host: v.string(),
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  forceTLS: v.boolean(),
  authEndpoint: v.string(),
});

/** Provider and game codes appear in URLs (`/casino/{provider}/{game}`): URL-safe, no slash. */
const code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must be a URL-safe code (letters, digits, _ . -)'));
const nullableText = v.nullable(v.string());

const CatalogueGameSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: v.pipe(v.string(), v.minLength(1)),
  gamecode: code,
  providercode: code,
  provider_name: v.pipe(v.string(), v.minLength(1)),
  category_slug: v.string(),
  type: v.picklist(GAME_TYPES),
  image: v.string(),
  rtp: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10000))),
  only_demo: v.boolean(),
  description: v.object({ pt: nullableText, en: nullableText }),
});

const CatalogueProviderSchema = v.object({
  code,
  name: v.pipe(v.string(), v.minLength(1)),
  image: nullableText,
  games_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const CatalogueSchema = v.pipe(
  v.object({ games: v.array(CatalogueGameSchema), providers: v.array(CatalogueProviderSchema) }),
  // Two games at one URL would make the build overwrite one page with the other.
  v.check((c) => new Set(c.games.map((g) => `${g.providercode}/${g.gamecode}`.toLowerCase())).size === c.games.length, 'two games share one provider/game code pair'),
);

// A mystery box of the bundle (issue 19): its view and every prize, whose published ppm sum to exactly 1 000 000.
const boxText = v.object({ pt: v.string(), en: v.string() });
const centavos = v.pipe(v.number(), v.integer(), v.minValue(0));
const BundleBoxSchema = v.pipe(
  v.object({
    id: v.pipe(v.number(), v.integer(), v.minValue(1)),
    slug,
    name: v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) }),
    description: boxText,
    image: v.nullable(v.string()),
    color: v.picklist(BOX_COLORS),
    price: centavos,
    purchasable: v.boolean(),
    expected_value: centavos,
    prize_count: v.pipe(v.number(), v.integer(), v.minValue(1)),
    prizes: v.array(
      v.object({
        id: v.pipe(v.number(), v.integer(), v.minValue(1)),
        box_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
        name: v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) }),
        image: v.nullable(v.string()),
        kind: v.picklist(PRIZE_KINDS),
        value: centavos,
        sell_value: centavos,
        points: v.pipe(v.number(), v.integer(), v.minValue(0)),
        probability_ppm: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PPM_TOTAL)),
      }),
    ),
  }),
  v.check((box) => box.prizes.reduce((sum, p) => sum + p.probability_ppm, 0) === PPM_TOTAL, 'a box\'s prizes must sum to 1 000 000 ppm'),
  v.check((box) => box.prizes.length === box.prize_count, 'prize_count must be the number of prizes'),
);

export const TenantBundleSchema = v.object({
  domain: v.pipe(v.string(), v.minLength(1)),
  origin,
  status: v.picklist(['active', 'maintenance']),
  config: SiteConfigSchema,
  pages: v.array(PageSchema),
  categories: v.array(CategorySchema),
  casino: v.optional(CatalogueSchema),
  // The platform's sportsbook settings (issue 16): the widget script URL (site-relative or absolute http(s)) and the effective brand id.
  sportsbook: v.optional(
    v.object({
      scriptUrl: v.pipe(v.string(), v.regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'must be a /path or an http(s):// URL')),
      brandId: v.optional(v.string()),
    }),
  ),
  // Operator promotions live at build time (issue 18); two with one slug would write one page twice.
  promotions: v.optional(
    v.pipe(
      v.array(BundlePromotionSchema),
      v.check((list) => new Set(list.map((p) => p.slug)).size === list.length, 'two promotions share one slug'),
    ),
  ),
  // The rank table at build time (issue 18), as GET /ranking lists it; two ranks of one level would draw two rows.
  ranks: v.optional(
    v.pipe(
      v.array(
        v.object({
          level: v.pipe(v.number(), v.integer(), v.minValue(1)),
          name: v.object({ pt: v.string(), en: v.string() }),
          totalBet: v.pipe(v.number(), v.integer(), v.minValue(0)),
          image: v.nullable(v.string()),
        }),
      ),
      v.check((list) => new Set(list.map((r) => r.level)).size === list.length, 'two ranks share one level'),
    ),
  ),
  // The active mystery boxes with their prizes (issue 19); two with one slug would write one page twice.
  boxes: v.optional(
    v.pipe(
      v.array(BundleBoxSchema),
      v.check((list) => new Set(list.map((b) => b.slug)).size === list.length, 'two boxes share one slug'),
    ),
  ),
  apiUrl: v.pipe(v.string(), v.minLength(1)),
  realtime: RealtimeSchema,
  builtAt: v.pipe(v.string(), v.isoTimestamp()),
});
