import { join } from 'node:path';
import { PROJECT_ROOT } from './run-astro.ts';

/**
 * The folder whose files a tenant's site serves from its root (logos,
 * banners, icons): `tenant-assets/<domain>/` in the repository. It becomes
 * that build's Astro `publicDir`, so one tenant's art never appears on
 * another tenant's host. A tenant without a folder simply has no extra files.
 */
export function tenantAssetsDir(domain: string, projectRoot: string = PROJECT_ROOT): string {
  if (!/^[a-z0-9.-]+$/.test(domain) || domain.includes('..')) throw new Error(`Invalid tenant domain for assets: ${domain}`);
  return join(projectRoot, 'tenant-assets', domain);
}
