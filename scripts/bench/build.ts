/**
 * `npm run bench:build`: how fast tenant sites build, and proof that
 * rebuilding one tenant among many touches only that tenant.
 *
 * 1. One generated tenant with --pages custom pages per locale (default 2,000)
 *    and --games casino games (default BENCH_GAMES, else 0; one page per game
 *    and locale): pages per second and milliseconds per page (astro and
 *    precompression), the astro child's and this process's peak memory; then,
 *    in the same run, a bare Astro project with as many one-line pages
 *    (./bare-astro.ts): its pages per second and our ratio to it (target ≥ 0.3);
 *    then one game renamed and the tenant rebuilt (incremental: only the pages
 *    whose inputs changed are rendered, see server/sites/incremental.ts).
 * 2. --tenants small tenants (default 10; 0 skips this part) built side by side, then ONE of them
 *    rebuilt: its time, and a check that the other sites' symlinks and build
 *    folders kept their inode and mtime.
 *
 * Everything happens in a temporary sites folder (removed unless --keep).
 * Prints figures; asserts nothing about timing.
 *
 * Options: --pages N  --games N  --tenants N  --base bundle.json  --project astroRoot  --keep  --no-bare
 */
import { lstat, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TenantBundle } from '../../src/contract/tenant-bundle.ts';
import { buildTenantSite, type BuildTenantResult } from '../../server/sites/build-tenant.ts';
import { buildBareAstro, maxRssEnv } from './bare-astro.ts';
import { syntheticCatalogue } from './synthetic-catalogue.ts';
import { syntheticTenant } from './synthetic-tenant.ts';
import { fmt } from './load.ts';
import { snapshotProject } from './project-snapshot.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    games: { type: 'string', default: process.env.BENCH_GAMES ?? '0' },
    'no-bare': { type: 'boolean', default: false },
    tenants: { type: 'string', default: '10' },
    base: { type: 'string', default: fileURLToPath(new URL('../../tests/fixtures/tenant-bundle.pt.json', import.meta.url)) },
    project: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const pagesPerLocale = Number(values.pages);
const gameCount = Number(values.games);
const tenantCount = Number(values.tenants);
if (
  !Number.isInteger(pagesPerLocale) || pagesPerLocale < 0 || !Number.isInteger(gameCount) || gameCount < 0 ||
  !Number.isInteger(tenantCount) || tenantCount < 0 || tenantCount === 1
) {
  console.error('Usage: npm run bench:build -- [--pages N>=0] [--games N>=0] [--tenants 0|N>=2] [--base bundle.json] [--project dir] [--keep] [--no-bare]');
  process.exit(2);
}

const base = JSON.parse(await readFile(values.base, 'utf8')) as TenantBundle;
const sitesDir = await mkdtemp(join(tmpdir(), 'bench-sites-'));
// A frozen copy of the site unless --project: other work editing src/ between two builds would make every page change.
const snapshot = values.project ? null : await snapshotProject();
const common = { sitesDir, projectRoot: values.project ?? snapshot?.root, astroBin: snapshot?.astroBin };

function report(label: string, r: BuildTenantResult): void {
  console.log(
    `${label}: ${fmt(r.pages)} pages in ${fmt(r.ms / 1000, 1)} s → ${fmt((r.pages * 1000) / r.ms, 1)} pages/s, ` +
      `${fmt(r.ms / r.pages, 2)} ms/page (astro ${fmt(r.astroMs)} ms, precompress ${fmt(r.compressMs)} ms` +
      `${r.compressed.reused ? `, ${r.compressed.reused}/${r.compressed.files} compressed files reused` : ''}` +
      `${r.reusedPages ? `, ${fmt(r.reusedPages)} game pages taken from the previous build` : ''})`,
  );
}

/** What must not change for a tenant that is not rebuilt. */
async function fingerprint(domain: string): Promise<string> {
  const link = join(sitesDir, domain);
  const [linkInfo, target] = await Promise.all([lstat(link), readlink(link)]);
  const dir = await stat(join(sitesDir, target));
  const index = await stat(join(sitesDir, target, 'index.html'));
  return [target, linkInfo.ino, linkInfo.mtimeMs, dir.ino, dir.mtimeMs, index.ino, index.mtimeMs].join('|');
}

/** Part 2: --tenants small tenants, then one of them rebuilt; the others must stay untouched. */
async function rebuildOneAmongMany(): Promise<void> {
  console.log(`\n2) ${tenantCount} small tenants, then one of them rebuilt`);
  const domains = Array.from({ length: tenantCount }, (_, i) => `bench-${String(i + 1).padStart(2, '0')}.localhost`);
  const small = (domain: string): TenantBundle => ({ ...base, domain, origin: `http://${domain}`, builtAt: new Date().toISOString() });
  const allStart = performance.now();
  for (const domain of domains) report(`   ${domain}`, await buildTenantSite({ ...common, domain, bundle: small(domain) }));
  console.log(`   all ${tenantCount}: ${fmt(performance.now() - allStart)} ms`);

  const target = domains[Math.floor(tenantCount / 2)] as string;
  const others = domains.filter((d) => d !== target);
  const before = await Promise.all(others.map(fingerprint));
  const targetBefore = await readlink(join(sitesDir, target));
  const rebuilt = await buildTenantSite({ ...common, domain: target, bundle: small(target) });
  const after = await Promise.all(others.map(fingerprint));
  const untouched = others.filter((_, i) => before[i] === after[i]).length;
  const switched = (await readlink(join(sitesDir, target))) !== targetBefore;
  report(`   rebuild ${target}`, rebuilt);
  console.log(`   rebuild of one tenant among ${tenantCount}: ${fmt(rebuilt.ms)} ms`);
  console.log(`   ${target} switched to its new build: ${switched ? 'yes' : 'NO'}`);
  console.log(`   other tenants untouched (symlink + build inode/mtime): ${untouched}/${others.length}`);
  if (untouched !== others.length || !switched) process.exitCode = 1;
}

try {
  console.log(`Sites folder: ${sitesDir}`);
  console.log(`\n1) One tenant with ${fmt(pagesPerLocale)} custom pages per locale and ${fmt(gameCount)} games (plus its regular pages)`);
  const big = syntheticTenant(base, 'bench-big.localhost', pagesPerLocale);
  if (gameCount > 0) big.casino = syntheticCatalogue(gameCount, 40, base.categories.map((c) => c.slug));
  const rss = await maxRssEnv(sitesDir);
  const cpuBefore = process.cpuUsage();
  const full = await buildTenantSite({ ...common, domain: big.domain, bundle: big, env: rss.env });
  const builderCpu = process.cpuUsage(cpuBefore);
  const fullLoad = loadavg()[0]!;
  // CPU time: the astro child (from its preload) plus this process (builder and compression worker threads).
  const astroCpuMs = await rss.cpuMs();
  const builderCpuMs = (builderCpu.user + builderCpu.system) / 1000;
  const ourCpuMs = astroCpuMs + builderCpuMs;
  report('   full build', full);
  const mib = (kb: number): string => `${fmt(kb / 1024)} MiB`;
  const s1 = (ms: number): string => `${fmt(ms / 1000, 1)} s`;
  const rows: [string, string, string, string][] = [
    ['astro child (render, write)', s1(full.astroMs), s1(astroCpuMs), mib(await rss.read())],
    ['builder + compression workers', `${s1(full.compressMs)} after astro`, s1(builderCpuMs), mib(process.resourceUsage().maxRSS)],
    [`full build, ${fmt(full.pages)} pages`, s1(full.ms), s1(ourCpuMs), ''],
  ];
  let bare: Awaited<ReturnType<typeof buildBareAstro>> | null = null;
  if (!values['no-bare']) {
    bare = await buildBareAstro(full.pages);
    rows.push([`bare astro, ${fmt(full.pages)} one-line pages`, s1(bare.ms), s1(bare.cpuMs), mib(bare.maxRssKb)]);
  }
  console.log(`   ${'phase'.padEnd(40)} ${'wall'.padStart(20)} ${'CPU'.padStart(9)} ${'peak RSS'.padStart(10)}`);
  for (const [name, wall, cpu, peak] of rows) console.log(`   ${name.padEnd(40)} ${wall.padStart(20)} ${cpu.padStart(9)} ${peak.padStart(10)}`);
  console.log(`   ${fmt(ourCpuMs / full.pages, 2)} ms of CPU a page; load average ${fullLoad.toFixed(1)} at the end of our build, ${loadavg()[0]!.toFixed(1)} now`);
  if (bare) {
    console.log(`   ratio ours / bare: wall ${fmt(bare.ms / full.ms, 2)} (${fmt((full.pages * 1000) / full.ms, 1)} against ${fmt((full.pages * 1000) / bare.ms, 1)} pages/s), CPU ${fmt(bare.cpuMs / ourCpuMs, 2)} (target ≥ 0.3; CPU time hardly moves with the machine's load)`);
  }
  if (gameCount > 0) {
    // An operator edits one game: its pages and those listing it among related games are rendered again.
    // The game in the middle of the catalogue: the first 12 of a category are on every page of that category
    // (related games), so editing one of those renders the whole category again (docs/site.md).
    const edit = Math.floor(gameCount / 2);
    const games = big.casino!.games.map((game, i) => (i === edit ? { ...game, title: `${game.title} (edited)` } : game));
    const edited: TenantBundle = { ...big, casino: { ...big.casino!, games } };
    const againRss = await maxRssEnv(sitesDir);
    const againCpu = process.cpuUsage();
    const again = await buildTenantSite({ ...common, domain: big.domain, bundle: edited, env: againRss.env });
    const againBuilder = process.cpuUsage(againCpu);
    const againCpuMs = (await againRss.cpuMs()) + (againBuilder.user + againBuilder.system) / 1000;
    report('   one game changed, rebuilt', again);
    console.log(
      `   change one game → rebuild: ${fmt(again.ms / 1000, 1)} s, CPU ${fmt(againCpuMs / 1000, 1)} s, peak astro child ${fmt((await againRss.read()) / 1024)} MiB ` +
        `(${fmt(again.pages - again.reusedPages)} pages rendered, ${fmt(again.reusedPages)} reused; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }

  if (tenantCount > 0) await rebuildOneAmongMany();
} finally {
  if (values.keep) console.log(`\nKept ${sitesDir}`);
  else await rm(sitesDir, { recursive: true, force: true });
  await snapshot?.dispose();
}
