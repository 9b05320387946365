import { open, realpath, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join, posix, sep } from 'node:path';

/**
 * Maps request paths to files inside one build folder, never outside it.
 * Astro's default `build.format: 'directory'` emits `/x` as `/x/index.html`;
 * `'file'` emits `/x.html` and the 404 page is always `/404.html` — both are
 * looked up, so the server does not depend on the site's choice.
 */

/** An open file in a build folder; the caller must close `handle`. */
export interface OpenFile {
  path: string;
  handle: FileHandle;
  stat: Stats;
}

/** The real folder a site's symlink points at now (resolved once per request), or null. */
export async function resolveSiteRoot(sitesDir: string, name: string): Promise<string | null> {
  try {
    return await realpath(join(sitesDir, name));
  } catch {
    return null;
  }
}

/**
 * The decoded, normalised path of a request (`/a/b`), or null when it cannot
 * name a file: malformed escapes, NUL, backslashes, or a precompressed variant
 * asked for directly.
 */
export function requestPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  if (/\.(br|gz)$/i.test(decoded)) return null;
  const normalised = posix.normalize(decoded);
  return normalised.startsWith('/') ? normalised : null;
}

/** `root`-relative candidates for a request path, in lookup order. */
export function candidatesFor(path: string): string[] {
  if (path.endsWith('/')) return [`${path}index.html`];
  return [path, `${path}/index.html`, `${path}.html`];
}

/** Where the site's 404 page for `path` may be, the English one first for `/en` paths. */
export function notFoundCandidates(path: string): string[] {
  const english = path === '/en' || path.startsWith('/en/');
  const generic = ['/404.html', '/404/index.html'];
  return english ? ['/en/404.html', '/en/404/index.html', ...generic] : generic;
}

/**
 * Routes whose last part spans any number of segments (spec section 2:
 * `/sportsbook/{slug}`): the site builds one page per locale for the route
 * and that page answers every address below it, reading the rest itself.
 */
const CATCH_ALL_ROUTES = ['/sportsbook'];

/** The page that answers `path` when no file does (`/en/sportsbook/a/b` → `/en/sportsbook/index.html`); empty for other paths. */
export function catchAllCandidates(path: string): string[] {
  const english = path.startsWith('/en/');
  const bare = english ? path.slice(3) : path;
  const route = CATCH_ALL_ROUTES.find((r) => bare.startsWith(`${r}/`) && bare.length > r.length + 1);
  if (!route) return [];
  const page = english ? `/en${route}` : route;
  return [`${page}/index.html`, `${page}.html`];
}

/** Joins `relativePath` to `root`; null if the result would leave `root`. */
export function insideRoot(root: string, relativePath: string): string | null {
  const full = join(root, relativePath);
  return full.startsWith(root + sep) ? full : null;
}

/** Opens `full` if it is a regular file; null otherwise (missing, a folder, unreadable). */
export async function openRegularFile(full: string): Promise<OpenFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(full, 'r');
  } catch {
    return null;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile()) return { path: full, handle, stat };
  } catch {
    // fall through: treated as missing
  }
  await handle.close();
  return null;
}

/** The first of `candidates` (root-relative) that is a file inside `root`. */
export async function openFirst(root: string, candidates: string[]): Promise<OpenFile | null> {
  for (const candidate of candidates) {
    const full = insideRoot(root, candidate);
    if (full === null) continue;
    const file = await openRegularFile(full);
    if (file) return file;
  }
  return null;
}
