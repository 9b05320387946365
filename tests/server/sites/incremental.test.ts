import { access, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { savedSiteScripts, scriptsOfPages } from '../../../server/sites/page-policy-cache.ts';
import { buildInputs, gamePageFile } from '../../../server/sites/incremental.ts';
import { buildTenantSite } from '../../../server/sites/index.ts';
import { snapshotProject } from '../../../scripts/bench/project-snapshot.ts';
import { fixtureBundle } from './mini-site.ts';

/**
 * Incremental rebuild (issue 14): a game page whose inputs did not change is
 * taken from the previous build, and the result is byte for byte what a full
 * build of the same bundle produces.
 */

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/** A copy of `bundle` with game `index` renamed. */
function renamed(bundle: TenantBundle, index: number, title: string): TenantBundle {
  const games = bundle.casino!.games.map((game, i) => (i === index ? { ...game, title } : game));
  return { ...bundle, casino: { ...bundle.casino!, games } };
}

describe('buildInputs', () => {
  const bundle = fixtureBundle('sorte.localhost', 'Sorte Grande');
  const before = buildInputs(bundle, 'code-1');
  const games = bundle.casino!.games;

  it('changes only the pages of a renamed game and of the games that list it as related', () => {
    const after = buildInputs(renamed(bundle, 0, 'Novo Nome'), 'code-1');
    expect(after.shared).toBe(before.shared);
    const changed = Object.keys(before.pages).filter((file) => before.pages[file] !== after.pages[file]);
    expect(changed).toContain(gamePageFile('pt', games[0]!));
    expect(changed).toContain(gamePageFile('en', games[0]!));
    // Games of another category and provider do not show game 0 among their related games.
    const unrelated = games.filter((g) => g.category_slug !== games[0]!.category_slug && g.providercode !== games[0]!.providercode);
    expect(unrelated.length).toBeGreaterThan(0);
    for (const game of unrelated) expect(changed).not.toContain(gamePageFile('pt', game));
    expect(changed.length).toBeLessThan(Object.keys(before.pages).length);
  });

  it('changes every page when something shared changes: the config, a page, the code', () => {
    const config = buildInputs({ ...bundle, config: { ...bundle.config, siteTitle: 'Outro' } }, 'code-1');
    const pages = buildInputs({ ...bundle, pages: bundle.pages.slice(1) }, 'code-1');
    const code = buildInputs(bundle, 'code-2');
    for (const other of [config, pages, code]) {
      expect(other.shared).not.toBe(before.shared);
      for (const file of Object.keys(before.pages)) expect(other.pages[file]).not.toBe(before.pages[file]);
    }
  });

  it('keeps every game page when only the title or text of a tenant page changes', () => {
    const edited = bundle.pages.map((page, i) => (i === 0 ? { ...page, title: 'Outro título', bodyHtml: '<p>Outro texto</p>' } : page));
    const after = buildInputs({ ...bundle, pages: edited }, 'code-1');
    expect(after).toEqual(before);
  });

  it('reads builtAt only for its year (the footer)', () => {
    expect(buildInputs({ ...bundle, builtAt: '2025-11-30T00:00:00.000Z' }, 'code-1').shared).toBe(before.shared);
    expect(buildInputs({ ...bundle, builtAt: '2026-01-01T00:00:00.000Z' }, 'code-1').shared).not.toBe(before.shared);
  });
});

async function textFiles(dir: string, under = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(under, { withFileTypes: true })) {
    const full = join(under, entry.name);
    if (entry.isDirectory()) out.push(...(await textFiles(dir, full)));
    else if (/\.(html|xml|js|css|webmanifest|txt)$/.test(entry.name)) out.push(relative(dir, full));
  }
  return out.sort();
}

describe('incremental rebuild of the real site', () => {
  let sitesDir: string;
  let fullDir: string;
  // A frozen copy of the site: other work editing src/ meanwhile would change every page's inputs.
  let project: { root: string; astroBin: string; dispose(): Promise<void> };

  beforeAll(async () => {
    project = await snapshotProject();
    sitesDir = await mkdtemp(join(tmpdir(), 'sites-incremental-'));
    fullDir = await mkdtemp(join(tmpdir(), 'sites-incremental-full-'));
  });

  afterAll(async () => {
    await rm(sitesDir, { recursive: true, force: true });
    await rm(fullDir, { recursive: true, force: true });
    await project?.dispose();
  });

  it('renders only the changed game pages and produces what a full build does', { timeout: 900_000 }, async () => {
    const v1 = fixtureBundle('sorte.localhost', 'Sorte Grande');
    const first = await buildTenantSite({ domain: v1.domain, bundle: v1, sitesDir, projectRoot: project.root, astroBin: project.astroBin });
    expect(first.reusedPages).toBe(0);
    const gamePages = Object.keys(buildInputs(v1, 'x').pages).length;

    const game = v1.casino!.games[0]!;
    // One game renamed and the terms rewritten (their own page only).
    const terms = v1.pages.findIndex((page) => page.kind === 'legal' && page.slug === 'terms' && page.locale === 'pt');
    expect(terms).toBeGreaterThanOrEqual(0);
    const pages = v1.pages.map((page, i) => (i === terms ? { ...page, bodyHtml: '<p>Termos reescritos</p>' } : page));
    const v2 = { ...renamed(v1, 0, 'Tigre Renomeado'), pages, builtAt: '2025-06-01T00:00:00.000Z' };
    const listedFirst = { scriptHashes: [...(await savedSiteScripts(first.dir))!.scriptHashes] };
    const second = await buildTenantSite({ domain: v2.domain, bundle: v2, sitesDir, projectRoot: project.root, astroBin: project.astroBin });
    expect(second.reusedPages).toBeGreaterThan(0);
    expect(second.reusedPages).toBeLessThan(gamePages);
    expect(second.pages).toBe(first.pages);
    const changedPage = await readFile(join(second.dir, gamePageFile('pt', game)), 'utf8');
    expect(changedPage).toContain('Tigre Renomeado');
    expect(await readFile(join(second.dir, 'terms', 'index.html'), 'utf8')).toContain('Termos reescritos');
    // A reused page is the previous build's file (same inode), with its compressed siblings.
    const reusedGame = v1.casino!.games.find((g) => g.category_slug !== game.category_slug && g.providercode !== game.providercode)!;
    const reusedFile = gamePageFile('en', reusedGame);
    expect((await stat(join(second.dir, reusedFile))).ino).toBe((await stat(join(first.dir, reusedFile))).ino);
    const reusedHtml = await readFile(join(second.dir, reusedFile), 'utf8');
    expect(brotliDecompressSync(await readFile(join(second.dir, `${reusedFile}.br`))).toString()).toBe(reusedHtml);
    expect(gunzipSync(await readFile(join(second.dir, `${reusedFile}.gz`))).toString()).toBe(reusedHtml);
    expect(await exists(second.dir + '.inputs.json')).toBe(true);

    // The same bundle built from scratch: every text file is the same.
    const full = await buildTenantSite({ domain: v2.domain, bundle: v2, sitesDir: fullDir, projectRoot: project.root, astroBin: project.astroBin, incremental: false });
    expect(full.reusedPages).toBe(0);
    const files = await textFiles(full.dir);
    expect(await textFiles(second.dir)).toEqual(files);
    expect(files).toContain('sitemap-0.xml');
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(second.dir, file), 'utf8'), readFile(join(full.dir, file), 'utf8')]);
      expect(a, file).toBe(b);
    }

    // The CSP script list each build wrote (gathered by the compression workers, page-policy-cache.ts) is what
    // a scan of its pages finds: exactly, for the full build; for the rebuild, with the previous build's list taken
    // for the pages it reused (a superset by at most the previous build's own scripts).
    const listed = async (dir: string) => {
      const saved = (await savedSiteScripts(dir))!;
      return { scriptHashes: [...saved.scriptHashes].sort(), thirdParty: [...saved.thirdParty].sort() };
    };
    const scanned = async (dir: string) => {
      const pages = (await textFiles(dir)).filter((f) => f.endsWith('.html')).map((f) => join(dir, f));
      const found = await scriptsOfPages(pages);
      return { scriptHashes: [...found.scriptHashes].sort(), thirdParty: [...found.thirdParty].sort() };
    };
    const fullScan = await scanned(full.dir);
    expect(fullScan.scriptHashes.length).toBeGreaterThan(0);
    expect(await listed(full.dir)).toEqual(fullScan);
    const secondList = await listed(second.dir);
    expect(secondList.scriptHashes).toEqual(expect.arrayContaining((await scanned(second.dir)).scriptHashes));
    expect(secondList.scriptHashes.filter((h) => !fullScan.scriptHashes.includes(h)).every((h) => listedFirst.scriptHashes.includes(h))).toBe(true);

    // A shared change (the site title) renders every page again.
    const v3 = { ...v2, config: { ...v2.config, siteTitle: 'Sorte Maior' } };
    const third = await buildTenantSite({ domain: v3.domain, bundle: v3, sitesDir, projectRoot: project.root, astroBin: project.astroBin });
    expect(third.reusedPages).toBe(0);
    expect(await readFile(join(third.dir, reusedFile), 'utf8')).toContain('Sorte Maior');
    // The first build was pruned with its inputs file.
    expect(await exists(first.dir)).toBe(false);
    expect(await exists(first.dir + '.inputs.json')).toBe(false);
  });
});
