import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { buildsPath, INPUTS_SUFFIX, isBuildOf, newBuildFolderName, SCRIPTS_SUFFIX, siteLinkPath } from './layout.ts';

/**
 * The atomic swap of a site: `<sitesDir>/<name>` is a symlink to one build
 * folder; a new build is switched in by creating a temporary symlink beside it
 * and `rename`-ing it over the old one, which POSIX makes atomic — a request
 * resolves either the old build or the new one, never a half-written folder.
 */

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The build folder name the site's symlink points at now, or null when there is none. */
export async function currentBuild(sitesDir: string, name: string): Promise<string | null> {
  try {
    return basename(await readlink(siteLinkPath(sitesDir, name)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EINVAL') return null;
    throw error;
  }
}

/**
 * Points `<sitesDir>/<name>` at `.builds/<buildFolder>` atomically and returns
 * the build folder it pointed at before (null if none). A plain directory left
 * at `<sitesDir>/<name>` by an older layout is first moved into `.builds/` so
 * it can be replaced by the symlink (that one move is the only non-atomic step,
 * and it happens at most once per site).
 */
export async function switchSite(sitesDir: string, name: string, buildFolder: string): Promise<string | null> {
  const link = siteLinkPath(sitesDir, name);
  const builds = buildsPath(sitesDir);
  await mkdir(builds, { recursive: true });
  let previous: string | null = null;
  try {
    const info = await lstat(link);
    if (info.isSymbolicLink()) {
      previous = basename(await readlink(link));
    } else if (info.isDirectory()) {
      previous = newBuildFolderName(name);
      await rename(link, join(builds, previous));
    } else {
      throw new Error(`${link} is neither a symlink nor a folder; refusing to replace it`);
    }
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const temp = join(sitesDir, `.${name}.swap-${randomBytes(6).toString('hex')}`);
  await symlink(relative(sitesDir, join(builds, buildFolder)), temp, 'dir');
  try {
    await rename(temp, link);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return previous;
}

/**
 * Removes old builds of site `name`, keeping the one served now and `keep`
 * previous ones (by default one, for a quick rollback and so that a request
 * that resolved the old build just before the swap can still finish).
 * Never touches another site's builds.
 */
export async function pruneBuilds(sitesDir: string, name: string, keep = 1): Promise<string[]> {
  const builds = buildsPath(sitesDir);
  const served = await currentBuild(sitesDir, name);
  let entries: string[];
  try {
    entries = await readdir(builds);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const mine = entries
    .filter((folder) => folder !== served && (isBuildOf(folder, name)))
    .sort()
    .reverse();
  const doomed = mine.slice(keep);
  for (const folder of doomed) {
    await rm(join(builds, folder), { recursive: true, force: true });
    // The build's page inputs (incremental rebuild, incremental.ts) go with it.
    await rm(join(builds, `${folder}${INPUTS_SUFFIX}`), { force: true });
    await rm(join(builds, `${folder}${SCRIPTS_SUFFIX}`), { force: true });
  }
  return doomed;
}
