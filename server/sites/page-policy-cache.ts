import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PageFacts, pageFacts } from './page-csp.ts';
import { SCRIPTS_SUFFIX } from './layout.ts';
import type { OpenFile } from './resolve.ts';

/** Built pages per process whose facts are kept; past it the oldest are dropped. */
const MAX_ENTRIES = 5000;

const cache = new Map<string, PageFacts>();

/**
 * The CSP facts of a built HTML page, read once per file version (path,
 * inode, size and mtime: a rebuild writes new files) and then kept. Reads
 * with an explicit position, so the caller's handle is left at its start.
 */
export async function pageFactsOf(file: OpenFile): Promise<PageFacts> {
  const { ino, size, mtimeMs } = file.stat;
  const key = `${file.path}\0${ino}\0${size}\0${mtimeMs}`;
  const known = cache.get(key);
  if (known) return known;
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await file.handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const facts = pageFacts(buffer.subarray(0, read).toString('utf8'));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, facts);
  return facts;
}

/** What every page of one build shares in its policy: the union of its pages' inline-script hashes and script origins. */
export interface SiteScripts {
  scriptHashes: ReadonlySet<string>;
  thirdParty: ReadonlySet<string>;
}

/** Build folders whose union is kept (each build is a new folder; old ones are dropped first). */
const MAX_SITES = 64;
const sites = new Map<string, Promise<SiteScripts>>();

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await htmlFiles(path)));
    else if (entry.isFile() && entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

/** The union of the scripts of the pages `files` (paths of one build's HTML pages), read a few at a time. */
export async function scriptsOfPages(files: readonly string[]): Promise<SiteScripts> {
  const scriptHashes = new Set<string>();
  const thirdParty = new Set<string>();
  for (let i = 0; i < files.length; i += 8) {
    const pages = await Promise.all(files.slice(i, i + 8).map((f) => readFile(f, 'utf8').catch(() => '')));
    for (const html of pages) {
      const facts = pageFacts(html);
      for (const hash of facts.scriptHashes) scriptHashes.add(hash);
      for (const origin of facts.thirdParty) thirdParty.add(origin);
    }
  }
  return { scriptHashes, thirdParty };
}

function scanSite(root: string): Promise<SiteScripts> {
  return htmlFiles(root).then(scriptsOfPages);
}

/** The list a build wrote beside its folder `root`, or null when there is none (a build made before the lists). */
export async function savedSiteScripts(root: string): Promise<SiteScripts | null> {
  try {
    const saved = JSON.parse(await readFile(root + SCRIPTS_SUFFIX, 'utf8')) as { scriptHashes: string[]; thirdParty: string[] };
    return { scriptHashes: new Set(saved.scriptHashes), thirdParty: new Set(saved.thirdParty) };
  } catch {
    return null;
  }
}

/** The list the build wrote beside its folder (`writeSiteScripts`), else a scan of the folder's pages (a build made before the list existed). */
async function loadSite(root: string): Promise<SiteScripts> {
  return (await savedSiteScripts(root)) ?? scanSite(root);
}

/**
 * The inline scripts and script origins of every page of the build folder
 * `root` (its real path: a build folder never changes once switched in).
 * ClientRouter swaps the next page into the document that loaded first, and
 * the browser keeps that document's CSP: the next page's inline scripts (an
 * island's hydration directive such as `client:interact`, which Astro inlines
 * only in the pages that use it) must already be allowed there, or they are
 * blocked and the island never hydrates. So every page of a site allows the
 * inline scripts of all its pages — still only scripts the build wrote.
 */
export function siteScriptsOf(root: string): Promise<SiteScripts> {
  const known = sites.get(root);
  if (known) return known;
  const load = loadSite(root).catch((error: unknown) => {
    sites.delete(root);
    throw error;
  });
  if (sites.size >= MAX_SITES) sites.delete(sites.keys().next().value as string);
  sites.set(root, load);
  return load;
}

/**
 * At the end of a build, before it is switched in: writes the list beside
 * the folder, so no visitor's request (nor a restarted platform) reads every
 * page of the site again. `known`: the list as the build already gathered it
 * (the compression workers read every page: build-tenant.ts); without it the
 * folder's pages are scanned here.
 */
export async function writeSiteScripts(root: string, known?: SiteScripts): Promise<void> {
  const site = known ?? (await scanSite(root));
  await writeFile(root + SCRIPTS_SUFFIX, JSON.stringify({ scriptHashes: [...site.scriptHashes], thirdParty: [...site.thirdParty] }));
  sites.set(root, Promise.resolve(site));
}

/** The CSP facts of `file`, a page of the build folder `root`: its own, with every page's inline scripts and script origins added. */
export async function sitePageFactsOf(root: string, file: OpenFile): Promise<PageFacts> {
  const [page, site] = await Promise.all([pageFactsOf(file), siteScriptsOf(root)]);
  return {
    ...page,
    scriptHashes: [...new Set([...page.scriptHashes, ...site.scriptHashes])],
    thirdParty: [...new Set([...page.thirdParty, ...site.thirdParty])],
  };
}
