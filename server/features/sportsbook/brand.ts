import type { TenantContext } from '../../http/context.ts';
import type { SportsbookConfig } from './config.ts';

/**
 * The tenant's brand id at the sportsbook provider, or null when the tenant
 * has no sportsbook: sports need the tenant's `hasSports` and
 * `betby.active`, a provider configured (not `none`) and a brand id (the
 * tenant's `betby.brand_id`, else SPORTSBOOK_BRAND_ID).
 */
export function tenantBrand(tenant: Pick<TenantContext, 'config'>, config: SportsbookConfig): string | null {
  if (config.provider === 'none' || !tenant.config.hasSports || !tenant.config.betby.active) return null;
  return configuredBrand(tenant, config);
}

/**
 * The tenant's brand id whether or not its sports are on: the brand its
 * callbacks must name. A tenant whose sports were turned off still settles
 * the bets placed before.
 */
export function configuredBrand(tenant: Pick<TenantContext, 'config'>, config: SportsbookConfig): string | null {
  return tenant.config.betby.brand_id.trim() || config.defaultBrandId || null;
}

/** What the site needs of the sportsbook (`sportsbook` of `GET /site-config`): whether it is on, and the widget script to load. */
export interface SportsbookClientConfig {
  /** True when the tenant has a sportsbook (./tenantBrand): otherwise the sports pages show "Esportes indisponíveis". */
  available: boolean;
  /** The `BTRenderer` script (SPORTSBOOK_SCRIPT_URL), site-relative or absolute; null without a sportsbook. */
  scriptUrl: string | null;
  /** The brand the widget is initialised with (the tenant's `betby.brand_id`, else SPORTSBOOK_BRAND_ID); null without a sportsbook. */
  brandId: string | null;
  provider: SportsbookConfig['provider'];
}

export function sportsbookClientConfig(tenant: Pick<TenantContext, 'config'>, config: SportsbookConfig): SportsbookClientConfig {
  const brandId = tenantBrand(tenant, config);
  return { available: brandId !== null, scriptUrl: brandId ? config.scriptUrl : null, brandId, provider: config.provider };
}
