import type { BundleBox } from './boxes.ts';
import type { CatalogueBundle } from './casino.ts';
import type { BundlePromotion } from './promotions.ts';
import type { RankView } from './ranking.ts';
import type { SiteConfig } from './site-config.ts';

export type Locale = 'pt' | 'en';
export const LOCALES: readonly Locale[] = ['pt', 'en'];

/** Legal page slugs of section 2, each rendered at `/{slug}` and `/en/{slug}`. */
export const LEGAL_SLUGS = [
  'terms',
  'privacy',
  'aml-policy',
  'betting-terms',
  'responsible-gaming',
  'em-conformidade-com-a-regulamentacao',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export interface TenantPage {
  kind: 'legal' | 'custom';
  /** For legal pages one of LEGAL_SLUGS; for custom pages the `/pages/{slug}` slug. */
  slug: string;
  locale: Locale;
  title: string;
  /** Operator-authored HTML, sanitised by the platform on write (no scripts, no event handlers). */
  bodyHtml: string;
  updatedAt: string;
}

export interface Category {
  slug: string;
  name: Record<Locale, string>;
  icon?: string;
  order: number;
}

/**
 * Everything one tenant's static build needs, exported by the platform and
 * handed to `astro build` as a JSON file (env TENANT_BUNDLE). The site never
 * talks to the database.
 */
export interface TenantBundle {
  domain: string;
  /** Public origin used for canonical URLs and the sitemap, e.g. `https://sorte.example`. */
  origin: string;
  status: 'active' | 'maintenance';
  config: SiteConfig;
  pages: TenantPage[];
  categories: Category[];
  /** The casino catalogue the pre-rendered casino pages show (absent: no casino pages are built). */
  casino?: CatalogueBundle;
  /**
   * The platform's sportsbook settings for this tenant (issue 16): the
   * widget script (SPORTSBOOK_SCRIPT_URL) and the effective brand id.
   * Absent when the platform has no sportsbook; the sports pages then show
   * "Esportes indisponíveis" (as for a tenant without `hasSports`/`betby.active`).
   */
  sportsbook?: { scriptUrl: string; brandId?: string };
  /**
   * The operator's promotions live at build time (active, inside their window), in display
   * order (issue 18): `/promotions` and one `/promotion/{slug}` page each. Absent: none.
   */
  promotions?: BundlePromotion[];
  /**
   * The tenant's rank table at build time, level 1 first (issue 18): `/ranking`
   * draws it as plain HTML. A table changed by the operator shows after the
   * next build; the player's own place is read live. Absent: none.
   */
  ranks?: RankView[];
  /**
   * The tenant's active mystery boxes with their prizes, in display order
   * (issue 19): `/casino/crates` and one `/casino/box/{slug}` page each.
   * Absent or empty when `hasBoxes` is off or there are none.
   */
  boxes?: BundleBox[];
  /** API base address (absolute, or relative to the site such as `/api`). */
  apiUrl: string;
  realtime: RealtimeClientConfig;
  builtAt: string;
}

/** What pusher-js / laravel-echo need to reach the realtime server. */
export interface RealtimeClientConfig {
  key: string;
  /** Empty means "the page's own host name". */
  host: string;
  port: number;
  forceTLS: boolean;
  /** Path of the channel authorisation endpoint, relative to apiUrl. */
  authEndpoint: string;
}
