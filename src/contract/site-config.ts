import * as v from 'valibot';

/**
 * The "Site configuration" entity of the specification (section 3), one per
 * tenant. The platform validates every write against this schema and the site
 * reads it at build time, so both sides agree on one shape. Money limits are
 * integer centavos.
 */

const hexColour = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour'));
const centavos = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Site-relative path (`/brand/logo.svg`) or absolute https URL. */
const assetUrl = v.pipe(v.string(), v.regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, 'must be a /path or an https:// URL'));
const localized = v.object({ pt: v.pipe(v.string(), v.minLength(1)), en: v.pipe(v.string(), v.minLength(1)) });

export const ColorsSchema = v.object({
  primary: hexColour,
  secondary: hexColour,
  background: hexColour,
  surface: hexColour,
  text: hexColour,
  textMuted: hexColour,
  accent: hexColour,
  success: hexColour,
  danger: hexColour,
});

const logoSize = v.object({ width: v.pipe(v.number(), v.integer(), v.minValue(1)), height: v.pipe(v.number(), v.integer(), v.minValue(1)) });

export const BannerSchema = v.object({
  id: v.string(),
  image: assetUrl,
  imageMobile: v.optional(assetUrl),
  alt: localized,
  link: v.optional(v.string()),
});

export const SocialLinkSchema = v.object({
  network: v.picklist(['instagram', 'x', 'facebook', 'youtube', 'telegram', 'tiktok', 'whatsapp']),
  url: v.pipe(v.string(), v.url()),
});

export const SiteConfigSchema = v.object({
  active: v.boolean(),
  is_regulated: v.boolean(),
  /**
   * Always the tenant's own id (the platform derives it; an operator cannot
   * change it): it names the tenant's realtime channels `universal-public.{casino_id}`.
   */
  casino_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  colors: ColorsSchema,
  siteTitle: v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
  siteDescription: localized,
  /** Legal identity printed in the footer (licence holder, CNPJ, licence number). */
  legalName: v.pipe(v.string(), v.minLength(1)),
  /**
   * City of the licence holder's registered seat (e.g. "Belo Horizonte").
   * With `legalName` it names the receiver in the tenant's Pix BR Codes
   * (fields 59/60, folded to upper-case ASCII: see server/features/payments/pix/receiver.ts);
   * without it the platform's PIX_MERCHANT_CITY is used.
   */
  legalCity: v.optional(v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60), v.regex(/^\p{L}[\p{L} '.-]*$/u, 'must be a city name (letters, spaces, hyphens)'))),
  cnpj: v.pipe(v.string(), v.regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'must be a CNPJ like 12.345.678/0001-90')),
  licence: v.optional(v.string()),
  logo: v.object({ header: logoSize, footer: logoSize, auth: logoSize }),
  images: v.object({ logo: assetUrl, logoMobile: v.optional(assetUrl), ogImage: assetUrl, authBackground: v.optional(assetUrl) }),
  icons: v.object({ favicon: assetUrl, appIcon192: assetUrl, appIcon512: assetUrl }),
  socialLinks: v.array(SocialLinkSchema),
  /** Where players write to support; the maintenance screen shows it. */
  supportEmail: v.optional(v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254))),
  /** A support page or chat link (http or https); the maintenance screen shows it. */
  supportUrl: v.optional(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i, 'must be an http(s) address'))),
  min_deposit: centavos,
  max_deposit: centavos,
  min_withdrawal: centavos,
  max_withdrawal: centavos,
  registerCPF: v.boolean(),
  login_requires_cpf: v.boolean(),
  login_requires_phone: v.boolean(),
  login_requires_email: v.boolean(),
  casVerifyRegistrations: v.boolean(),
  casAllowGoogleAuth: v.boolean(),
  googleClientId: v.optional(v.string()),
  turnstileSiteKey: v.optional(v.string()),
  /**
   * Where the site loads the Turnstile widget script from (the captcha step
   * shows only when both this and `turnstileSiteKey` are set).
   */
  turnstileScriptUrl: v.optional(v.pipe(v.string(), v.url())),
  /** Where the site loads Google Identity Services from (Google sign-in needs it with `casAllowGoogleAuth`). */
  googleScriptUrl: v.optional(v.pipe(v.string(), v.url())),
  cashback_release_day: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  cashback_release_hour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)),
  cashback_conversion_percentage: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  cashback: v.boolean(),
  /**
   * Share of a period's net losses returned as cashback (0–100, at most two
   * decimals, e.g. 10 or 7.5). Optional so configurations written before it
   * stay valid: absent reads as DEFAULT_CASHBACK_PERCENTAGE (src/contract/cashback.ts).
   */
  cashback_percentage: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100), v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most two decimals'))),
  /**
   * VIP points a player earns per R$ 100,00 wagered (integer 0–10 000; 0 turns
   * earning off). VIP points are a loyalty count, never money. Optional so
   * configurations written before it stay valid: absent reads as
   * DEFAULT_VIP_POINTS_PER_100 (src/contract/ranking.ts).
   */
  vip_points_per_100: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
  kyc: v.boolean(),
  hasSports: v.boolean(),
  hasBoxes: v.boolean(),
  betby: v.object({ active: v.boolean(), brand_id: v.string(), theme_name: v.string() }),
  spineBox: v.object({ red: hexColour, blue: hexColour, pink: hexColour, black: hexColour, green: hexColour, yellow: hexColour }),
  cpa_value: centavos,
  chat_support: v.boolean(),
  banners: v.array(BannerSchema),
  jivoChat: v.optional(v.string()),
  /** Base address of the support-chat widget script; the widget loads from `{jivoScriptUrl}/{jivoChat}` (docs/chat.md). */
  jivoScriptUrl: v.optional(v.pipe(v.string(), v.url())),
  /** Ambient fake-bet generator (spec section 4); never on for a regulated tenant. */
  fakeBets: v.boolean(),
});

export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;
export type Colors = v.InferOutput<typeof ColorsSchema>;
export type Banner = v.InferOutput<typeof BannerSchema>;

/** Cross-field rules the shape alone cannot state. Returns messages naming the field. */
export function siteConfigProblems(config: SiteConfig): string[] {
  const problems: string[] = [];
  if (config.min_deposit > config.max_deposit) problems.push('min_deposit must not exceed max_deposit');
  if (config.min_withdrawal > config.max_withdrawal) problems.push('min_withdrawal must not exceed max_withdrawal');
  if (config.is_regulated && config.fakeBets) problems.push('fakeBets cannot be on for a regulated tenant');
  if (config.casAllowGoogleAuth && !config.googleClientId) problems.push('googleClientId is required when casAllowGoogleAuth is on');
  return problems;
}
