import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/mini-site/', import.meta.url));
const FIXTURE_BUNDLE = fileURLToPath(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));

/**
 * A throw-away copy of the small astro project in fixtures/mini-site, with the
 * repository's node_modules linked in, so build tests run a real `astro build`
 * in seconds without touching the real site's caches.
 */
export async function makeMiniSite(): Promise<{ root: string; dispose(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'mini-site-'));
  await cp(FIXTURE, root, { recursive: true });
  await symlink(NODE_MODULES, join(root, 'node_modules'), 'dir');
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}

/** The shared fixture bundle (tests/fixtures/tenant-bundle.pt.json) moved to `domain` with its own title. */
export function fixtureBundle(domain: string, siteTitle: string): TenantBundle {
  const bundle = JSON.parse(readFileSync(FIXTURE_BUNDLE, 'utf8')) as TenantBundle;
  return { ...bundle, domain, config: { ...bundle.config, siteTitle } };
}
