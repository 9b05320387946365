import type { RealtimeClientConfig } from '../../../src/contract/tenant-bundle.ts';
import type { Config } from '../../config.ts';
import { isLocalDomain } from './host.ts';

/**
 * Public origin of a tenant's site, for canonical URLs and sitemaps:
 * `http://localhost:4321` on a developer machine, `https://casino.example`
 * behind a CDN (see SITE_ORIGIN_SCHEME / SITE_ORIGIN_PORT).
 */
export function tenantOrigin(config: Config, domain: string): string {
  const local = isLocalDomain(domain);
  const scheme = config.siteOriginScheme ?? (local ? 'http' : 'https');
  const port = config.siteOriginPort ?? (local ? config.port : null);
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${domain}${port !== null && port !== defaultPort ? `:${port}` : ''}`;
}

/**
 * What a tenant's pages give pusher-js: the public key, where to connect and
 * the channel-auth path (relative to the API base). TLS follows the site's
 * scheme unless REALTIME_FORCE_TLS says otherwise: "local on localhost port
 * 6001, secure otherwise" (specification section 7).
 */
export function realtimeClientConfig(config: Config, domain: string): RealtimeClientConfig {
  return {
    key: config.realtime.key,
    host: config.realtime.publicHost,
    port: config.realtime.publicPort,
    forceTLS: config.realtime.forceTls ?? tenantOrigin(config, domain).startsWith('https:'),
    authEndpoint: '/broadcasting/auth',
  };
}
