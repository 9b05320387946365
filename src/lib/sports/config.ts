/**
 * What a sports page needs to show the sportsbook widget, written into the
 * page as `<script type="application/json" id="sports-config">` at build
 * time and read back by the page script. The script URL comes from the
 * platform's configuration (SPORTSBOOK_SCRIPT_URL, through the tenant
 * bundle), never from the code; the platform's page CSP allows its origin.
 */
export interface SportsPageConfig {
  /** BTRenderer script: site-relative (`/sandbox-sportsbook/renderer.js`) or absolute https. */
  scriptUrl: string;
  brandId: string;
  themeName: string;
}

export const SPORTS_CONFIG_ID = 'sports-config';

interface SportsSettings {
  hasSports: boolean;
  betby: { active: boolean; brand_id: string; theme_name: string };
}

/**
 * The widget settings of a tenant, or null when it has no sportsbook: the
 * spec's `hasSports` and `betby.active`, a brand id and a script URL are all
 * needed (the side menu and the sports pages use this one rule).
 */
export function sportsPageConfig(config: SportsSettings, scriptUrl: string | null | undefined): SportsPageConfig | null {
  if (!config.hasSports || !config.betby.active || !config.betby.brand_id || !scriptUrl) return null;
  return { scriptUrl, brandId: config.betby.brand_id, themeName: config.betby.theme_name || 'default' };
}

/** Parses the page's JSON block; null when absent or malformed (the page then shows the unavailable state). */
export function readSportsPageConfig(doc: Document = document): SportsPageConfig | null {
  const text = doc.getElementById(SPORTS_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { scriptUrl, brandId, themeName } = value as Record<string, unknown>;
    if (typeof scriptUrl !== 'string' || !scriptUrl || typeof brandId !== 'string' || !brandId) return null;
    return { scriptUrl, brandId, themeName: typeof themeName === 'string' && themeName ? themeName : 'default' };
  } catch {
    return null;
  }
}

interface BundleLike {
  config: SportsSettings;
  /** The platform's sportsbook settings for this tenant (SPORTSBOOK_SCRIPT_URL, the effective brand id). */
  sportsbook?: { scriptUrl: string; brandId?: string } | undefined;
}

/**
 * A tenant bundle's widget settings (null: no sportsbook). The brand id is the
 * platform's effective one when it sends it (a tenant with an empty
 * `betby.brand_id` may use the platform's default brand).
 */
export function tenantSportsConfig(bundle: BundleLike): SportsPageConfig | null {
  const brandId = bundle.sportsbook?.brandId || bundle.config.betby.brand_id;
  return sportsPageConfig({ ...bundle.config, betby: { ...bundle.config.betby, brand_id: brandId } }, bundle.sportsbook?.scriptUrl);
}
