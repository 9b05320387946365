import { join } from 'node:path';
import { normalizeDomain } from '../features/tenants/host.ts';

/**
 * On-disk layout of the sites folder (SITES_DIR):
 *
 *   <sitesDir>/<domain>            symlink → .builds/<domain>_<stamp>   (what is served)
 *   <sitesDir>/_fallback           symlink → .builds/_fallback_<stamp>  (unknown hosts)
 *   <sitesDir>/.builds/<name>_<stamp>/   immutable, precompressed build outputs
 *
 * `_` never occurs in a host name, so `<name>_` prefixes of two tenants can
 * never collide and neither `_fallback` nor `.builds` can be requested as a host.
 */

/** Folder name of the site served to hosts that match no tenant. */
export const FALLBACK_SITE = '_fallback';
/** Folder, inside sitesDir, holding every build output. */
export const BUILDS_DIR = '.builds';

/**
 * Site folder name for a request's `Host` header or a tenant domain: lower-cased,
 * port and trailing dot stripped. Null for anything that is not a plain host
 * name (IPv6 literals, paths, empty) — callers then use the fallback site.
 */
export function siteNameForHost(host: string | null | undefined): string | null {
  const domain = normalizeDomain(host);
  if (domain === null || domain.includes(':')) return null;
  return domain;
}

/**
 * Site folder name for a build: the tenant domain, or FALLBACK_SITE for null.
 * @throws Error when `domain` is not a plain host name (it becomes a folder name).
 */
export function siteNameForBuild(domain: string | null): string {
  if (domain === null) return FALLBACK_SITE;
  const name = siteNameForHost(domain);
  if (name === null || name !== domain.toLowerCase()) {
    throw new Error(`Invalid tenant domain for a site build: ${JSON.stringify(domain)}`);
  }
  return name;
}

/** Path of the served symlink of one site. */
export function siteLinkPath(sitesDir: string, name: string): string {
  return join(sitesDir, name);
}

/** Path of the folder holding every build output. */
export function buildsPath(sitesDir: string): string {
  return join(sitesDir, BUILDS_DIR);
}

let sequence = 0;
const STAMP = /^\d{8}T\d{9}Z_[0-9a-z]+$/;

/** A fresh, sortable build folder name: `<name>_<yyyymmddThhmmssmmmZ>_<seq>`. */
export function newBuildFolderName(name: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${name}_${stamp}_${String(sequence).padStart(6, '0')}${process.pid.toString(36)}`;
}

/** Beside a build folder in BUILDS_DIR, `<folder>.inputs.json`: its pages' inputs (incremental rebuild, incremental.ts). */
export const INPUTS_SUFFIX = '.inputs.json';

/** Beside a build folder in BUILDS_DIR, `<folder>.scripts.json`: its pages' shared CSP script list (page-policy-cache.ts). */
export const SCRIPTS_SUFFIX = '.scripts.json';

/** True when `folder` (a name inside BUILDS_DIR) is a build of site `name`. */
export function isBuildOf(folder: string, name: string): boolean {
  return folder.startsWith(`${name}_`) && STAMP.test(folder.slice(name.length + 1));
}
