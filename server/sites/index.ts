/**
 * Tenant static sites: building them (one tenant at a time, switched in
 * atomically) and serving them by host name.
 */
export { buildTenantSite, type BuildTenantOptions, type BuildTenantResult } from './build-tenant.ts';
export { createSiteBuilder, siteExists, type SiteBuilder, type SiteBuilderDeps, type SiteBuildRecord } from './builder.ts';
export { serveSites, acceptsEncoding, type ServeSitesOptions } from './serve.ts';
export { FALLBACK_SITE, BUILDS_DIR, siteNameForHost } from './layout.ts';
export { precompressDir } from './precompress.ts';
export { tenantSource, type TenantSource } from './tenant-source.ts';
