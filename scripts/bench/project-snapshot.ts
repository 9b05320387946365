import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/sites/run-astro.ts';

/** What `astro build` of the site reads from the repository, besides node_modules. */
const PARTS = ['src', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'tenant-assets'];

/**
 * A copy of the site's sources, for builds that must see the same code from
 * one to the next: the incremental rebuild takes nothing from a previous
 * build when the code changed, and in a working tree shared with other work
 * it changes at any time. The copy lives under the repository's `data/`
 * (git- and lint-ignored) so that packages resolve from the repository's own
 * node_modules by their real paths (astro fails on .astro components of a
 * symlinked node_modules).
 */
export async function snapshotProject(): Promise<{ root: string; astroBin: string; dispose(): Promise<void> }> {
  const parent = join(PROJECT_ROOT, 'data', 'site-snapshots');
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(join(parent, 'site-'));
  for (const part of PARTS) await cp(join(PROJECT_ROOT, part), join(root, part), { recursive: true });
  return { root, astroBin: join(PROJECT_ROOT, 'node_modules', '.bin', 'astro'), dispose: () => rm(root, { recursive: true, force: true }) };
}
