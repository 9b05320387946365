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
  // CPU time: the astro child plus this process (builder and compression worker threads).
  const ourCpuMs = (await rss.cpuMs()) + (builderCpu.user + builderCpu.system) / 1000;
  report('   full build', full);
  console.log(`   CPU time: ${fmt(ourCpuMs / 1000, 1)} s (astro child ${fmt((await rss.cpuMs()) / 1000, 1)} s), ${fmt(ourCpuMs / full.pages, 2)} ms/page; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const mib = (kb: number): string => `${fmt(kb / 1024)} MiB`;
  console.log(`   peak memory: astro child ${mib(await rss.read())}, this process (builder + compression workers) ${mib(process.resourceUsage().maxRSS)}`);
  if (!values['no-bare']) {
    const bare = await buildBareAstro(full.pages);
    const ours = (full.pages * 1000) / full.ms;
    const floor = (full.pages * 1000) / bare.ms;
    console.log(`   bare astro, ${fmt(full.pages)} one-line pages: ${fmt(bare.ms)} ms → ${fmt(floor, 1)} pages/s (peak ${mib(bare.maxRssKb)})`);
    console.log(`   ratio ours / bare: ${fmt(ours / floor, 2)} (target ≥ 0.3)`);
    console.log(`   bare CPU time ${fmt(bare.cpuMs / 1000, 1)} s; CPU ratio (bare CPU / ours, the same ratio unaffected by the machine's load): ${fmt(bare.cpuMs / ourCpuMs, 2)}`);
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
      `   change one game → rebuild: ${fmt(again.ms / 1000, 1)} s, CPU ${fmt(againCpuMs / 1000, 1)} s ` +
        `(${fmt(again.pages - again.reusedPages)} pages rendered, ${fmt(again.reusedPages)} reused; load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }

  if (tenantCount > 0) await rebuildOneAmongMany();
} finally {
  if (values.keep) console.log(`\nKept ${sitesDir}`);
  else await rm(sitesDir, { recursive: true, force: true });
  await snapshot?.dispose();
}
