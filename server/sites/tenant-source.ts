import type { TenantBundle } from '../../src/contract/tenant-bundle.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/open.ts';
import { listTenantDomains, loadTenantBundle } from '../features/tenants/bundle.ts';
import { realtimeClientConfig, tenantOrigin } from '../features/tenants/origin.ts';
import { sportsbookClientConfig } from '../features/sportsbook/brand.ts';
import { siteFilesForBuild } from '../features/site-files/for-build.ts';
import type { PublicFile } from './public-dir.ts';

/** Where the site builder reads tenants from (the `loadBundle`/`listDomains`/`loadPublicFiles` of SiteBuilderDeps). */
export interface TenantSource {
  loadBundle(domain: string): Promise<TenantBundle>;
  listDomains(): Promise<string[]>;
  loadPublicFiles(domain: string): AsyncIterable<PublicFile>;
}

/**
 * The platform database as the builder's tenant source: each bundle carries
 * the API base, realtime settings and public origin the configuration gives
 * that domain, exactly as `GET /site-config` reports them, and the
 * sportsbook's widget script and brand when the tenant has sports; its
 * uploaded images (server/features/site-files) go into its public folder.
 */
export function tenantSource(db: Db, config: Config): TenantSource {
  return {
    loadBundle: async (domain) => {
      const bundle = await loadTenantBundle(db, domain, {
        apiUrl: config.publicApiUrl,
        realtime: realtimeClientConfig(config, domain),
        origin: tenantOrigin(config, domain),
      });
      const sports = sportsbookClientConfig(bundle, config.sportsbook);
      return sports.scriptUrl && sports.brandId ? { ...bundle, sportsbook: { scriptUrl: sports.scriptUrl, brandId: sports.brandId } } : bundle;
    },
    listDomains: () => listTenantDomains(db),
    loadPublicFiles: (domain) => siteFilesForBuild(db, domain),
  };
}
