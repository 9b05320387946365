import { access, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { TenantBundle } from '../../src/contract/tenant-bundle.ts';
import { codeFingerprint, INPUTS_SUFFIX, type IncrementalPlan, linkReusedPages, planIncremental, writeReusedList } from './incremental.ts';
import { buildsPath, newBuildFolderName, siteLinkPath, siteNameForBuild } from './layout.ts';
import { countPages, type Precompression, startPrecompression } from './precompress.ts';
import { PROJECT_ROOT, runAstroBuild } from './run-astro.ts';
import { materialisePublicDir, type PublicFile } from './public-dir.ts';
import { tenantAssetsDir } from './tenant-assets.ts';
import { linkSiteImages, prepareSiteImages, type SiteImages, withImagesFingerprint, writeImagesManifest } from './images/index.ts';
import { pruneBuilds, switchSite } from './switch.ts';
import { savedSiteScripts, scriptsOfPages, writeSiteScripts } from './page-policy-cache.ts';

export interface BuildTenantOptions {
  /** Tenant domain; null builds the fallback site served to unknown hosts. */
  domain: string | null;
  /** The tenant's bundle (ignored, and must be null, for the fallback site). */
  bundle: TenantBundle | null;
  sitesDir: string;
  log?: (line: string) => void;
  /** Folder holding astro.config.mjs. Default: the repository root. */
  projectRoot?: string;
  /** Astro CLI script. Default: `<projectRoot>/node_modules/.bin/astro`. */
  astroBin?: string;
  /** Extra environment for the astro child process. */
  env?: Record<string, string | undefined>;
  /** Previous builds kept after the switch (rollback, in-flight requests). Default 1. */
  keepPrevious?: number;
  /** Where drawn copies of the tenant's art are cached between builds (server/sites/images). Default `<sitesDir>/.image-cache`. */
  imageCacheDir?: string;
  /**
   * Take game pages whose inputs did not change from the build served now
   * instead of rendering them again (server/sites/incremental.ts). Default true.
   */
  incremental?: boolean;
  /**
   * Files added to the tenant's repository assets for this build (the images
   * operators uploaded, `uploads/<name>`): served from the site's root and
   * drawn by the images pipeline like any asset. Read while the build
   * starts; none (or an empty list) builds from the repository folder alone.
   */
  publicFiles?: AsyncIterable<PublicFile> | Iterable<PublicFile>;
}

export interface BuildTenantResult {
  /** The tenant domain, or null for the fallback site. */
  domain: string | null;
  /** The new build's folder (what `<sitesDir>/<domain>` now points at). */
  dir: string;
  /** HTML files emitted. */
  pages: number;
  /** Wall time of the whole build, queue wait excluded. */
  ms: number;
  astroMs: number;
  /** Precompression left once astro finished (a big site is mostly compressed while astro writes it). */
  compressMs: number;
  /** Text files precompressed, and how many of them reused the previous build's compressed files. */
  compressed: { files: number; reused: number };
  /** Game pages taken unchanged from the previous build (not rendered by astro). */
  reusedPages: number;
}

/** Astro's line for a page it has rendered and written (its path in the output folder). */
const WRITTEN_PAGE = /[├└]─ (\/\S+\.html) \(\+/;

let chain: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` after every task queued before it: one astro build at a time
 * per process (they share the project's caches and would only fight for CPU).
 */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = chain.then(task, task);
  chain = run.catch(() => undefined);
  return run;
}

/**
 * Builds one tenant's static site (or the fallback site) into a fresh folder,
 * precompresses it, and switches `<sitesDir>/<domain>` (or `_fallback`) to it
 * atomically. Guarantees: a failed build leaves the previous build serving and
 * removes its own folder; no other site's symlink or builds are touched; builds
 * run one at a time per process (calls queue).
 * @throws Error when the domain is not a host name, astro fails, or the output has no index.html.
 */
export async function buildTenantSite(opts: BuildTenantOptions): Promise<BuildTenantResult> {
  const name = siteNameForBuild(opts.domain);
  if (opts.domain !== null && opts.bundle === null) throw new Error(`No bundle given for tenant ${opts.domain}`);
  if (opts.bundle && opts.bundle.domain !== opts.domain) {
    throw new Error(`Bundle is for ${opts.bundle.domain}, not ${String(opts.domain)}`);
  }
  return serially(() => buildNow(name, opts));
}

async function buildNow(name: string, opts: BuildTenantOptions): Promise<BuildTenantResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const builds = buildsPath(opts.sitesDir);
  await mkdir(builds, { recursive: true });
  const folder = newBuildFolderName(name);
  const dir = join(builds, folder);
  const temp = await mkdtemp(join(tmpdir(), 'tenant-bundle-'));
  const inputsFile = dir + INPUTS_SUFFIX;
  let compression: Precompression | null = null;
  try {
    // Each tenant's own art is its site's public folder, so no tenant ships another's files; uploads join it in a
    // folder of this build's own (its path is no input of the pages: TENANT_PUBLIC_DIR is outside the code fingerprint).
    let publicDir = join(temp, 'no-public');
    if (opts.bundle) {
      const materialised = await materialisePublicDir(tenantAssetsDir(opts.bundle.domain, opts.projectRoot), opts.publicFiles, temp);
      publicDir = materialised.dir;
      if (materialised.added > 0) log(`[sites] ${name}: ${materialised.added} uploaded files added to the public folder`);
    }
    const env: Record<string, string | undefined> = { ...opts.env, TENANT_BUNDLE: undefined, TENANT_PUBLIC_DIR: publicDir, TENANT_REUSED_PAGES: undefined, TENANT_IMAGES: undefined };
    if (opts.bundle) {
      const bundlePath = join(temp, 'bundle.json');
      await writeFile(bundlePath, JSON.stringify(opts.bundle));
      env.TENANT_BUNDLE = bundlePath;
    }
    log(`[sites] building ${name} into ${folder}`);
    // The build served now (if any): its compressed files are reused for unchanged files.
    const previous = await realpath(siteLinkPath(opts.sitesDir, name)).catch(() => null);
    // Game pages whose inputs are unchanged since the previous build are linked from it, not rendered.
    let plan: IncrementalPlan | null = null;
    let images: SiteImages | null = null;
    if (opts.bundle) {
      // Banners, logos and covers drawn into AVIF/WebP copies the pages offer (issue 14).
      images = await prepareSiteImages(opts.bundle, publicDir, opts.imageCacheDir ?? join(opts.sitesDir, '.image-cache'), log, { beside: true });
      env.TENANT_IMAGES = join(temp, 'images.json');
      await writeImagesManifest(env.TENANT_IMAGES, images);
      log(`[sites] ${name}: images ${images.drawn} drawn, ${images.cached} from the cache, ${images.failed.length} not drawn, in ${Math.round(images.ms)} ms`);
      const code = withImagesFingerprint(await codeFingerprint(opts.projectRoot ?? PROJECT_ROOT, { ...process.env, ...env }), images);
      plan = await planIncremental(opts.bundle, code, opts.incremental === false ? null : previous, previous && previous + INPUTS_SUFFIX);
      if (plan.reused.length > 0) {
        env.TENANT_REUSED_PAGES = join(temp, 'reused-pages.json');
        await writeReusedList(env.TENANT_REUSED_PAGES, plan.reused);
        log(`[sites] ${name}: ${plan.reused.length} game pages unchanged since the previous build, taken from it`);
      }
    }
    // Pages are compressed as astro writes them (on the core astro leaves free); finish() does the rest.
    compression = startPrecompression(dir, { reuseFrom: previous });
    const early = compression;
    const astroLog = (line: string): void => {
      // `  ├─ /casino/x/y/index.html (+12ms)`: astro has written that page.
      const page = WRITTEN_PAGE.exec(line);
      const file = page && join(dir, page[1] as string);
      if (file?.startsWith(dir + sep)) early.written(file);
      log(line);
    };
    await runAstroBuild({ projectRoot: opts.projectRoot, astroBin: opts.astroBin, outDir: dir, env, log: astroLog });
    const astroMs = performance.now() - started;
    await access(join(dir, 'index.html')).catch(() => {
      throw new Error(`astro build of ${name} produced no index.html`);
    });
    if (images) {
      const waited = performance.now();
      const files = await linkSiteImages(dir, images);
      log(`[sites] ${name}: images: ${files} files linked ${Math.round(performance.now() - waited)} ms after astro (new art's other sizes drawn beside it)`);
    }
    const compressStart = performance.now();
    let linked: string[] = [];
    if (plan && previous && plan.reused.length > 0) {
      await compression.stopScanning();
      linked = await linkReusedPages(previous, dir, plan.reused);
    }
    const compressed = await compression.finish(new Set(linked));
    compression = null;
    const compressMs = performance.now() - compressStart;
    const pages = await countPages(dir);
    if (plan) await writeFile(inputsFile, JSON.stringify(plan.inputs));
    // The pages' shared CSP script list (page-policy-cache.ts), written beside the build before it is served:
    // the compression workers read every page but those taken whole from the previous build, whose scripts are
    // in that build's list (or, for a build older than the lists, read here). That list may also hold scripts of
    // pages this build no longer has: still only scripts our builds wrote, and it saves reading 10,000 pages.
    const scripts = compressed.scripts;
    if (linked.length > 0) {
      const reused = (previous && (await savedSiteScripts(previous))) || (await scriptsOfPages(linked));
      for (const hash of reused.scriptHashes) scripts.scriptHashes.add(hash);
      for (const origin of reused.thirdParty) scripts.thirdParty.add(origin);
    }
    await writeSiteScripts(await realpath(dir), scripts);
    await switchSite(opts.sitesDir, name, folder);
    // From here on `dir` is served: a failure to prune must not remove it.
    await pruneBuilds(opts.sitesDir, name, opts.keepPrevious ?? 1).catch((error: unknown) => {
      log(`[sites] could not remove old builds of ${name}: ${(error as Error).message}`);
    });
    const ms = performance.now() - started;
    log(
      `[sites] ${name}: ${pages} pages in ${Math.round(ms)} ms (astro ${Math.round(astroMs)} ms, ` +
        `compress ${compressed.files} files, ${compressed.reused} reused, in ${Math.round(compressMs)} ms, ${linked.length} game pages reused) → ${siteLinkPath(opts.sitesDir, name)}`,
    );
    return {
      domain: opts.domain,
      dir,
      pages,
      ms,
      astroMs,
      compressMs,
      compressed: { files: compressed.files, reused: compressed.reused },
      reusedPages: linked.length,
    };
  } catch (error) {
    await compression?.abort();
    await rm(dir, { recursive: true, force: true });
    await rm(inputsFile, { force: true });
    throw error;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
