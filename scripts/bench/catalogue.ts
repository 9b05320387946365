/**
 * `npm run bench:catalogue`: the casino catalogue at scale.
 *
 * 1. Build: the fixture tenant with a synthetic catalogue of BENCH_GAMES games
 *    (default 5,000) over 40 providers, in both locales (one page per game and
 *    locale, plus lobby, categories and providers): pages and pages/s.
 * 2. API: an in-process platform on PostgreSQL (a scratch database, when a
 *    server answers; see scratch-db.ts) and on in-memory PGlite, with the demo tenants and
 *    the same catalogue imported through the real import service, then
 *    BENCH_REQUESTS `GET /casinos/games` (default 3,000) with
 *    BENCH_CONCURRENCY in flight (default 50), cycling pages, provider
 *    filters, categories and searches: throughput and p50/p95/p99.
 * 3. Rounds: `scripts/bench/rounds.ts` (house-game rounds per second).
 * Prints figures; asserts nothing about timing. BENCH_SKIP_BUILD=1 skips 1.
 */
import { serve } from '@hono/node-server';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantBundle } from '../../src/contract/tenant-bundle.ts';
import { createApp } from '../../server/app.ts';
import { getConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { importCatalogue } from '../../server/features/casino/import/import-catalogue.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { listCategories } from '../../server/features/tenants/categories.ts';
import { seedDemoTenants } from '../../server/features/tenants/demo/seed.ts';
import { createLogger } from '../../server/logger.ts';
import { buildTenantSite } from '../../server/sites/build-tenant.ts';
import { createSiteBuilder } from '../../server/sites/index.ts';
import { tenantSource } from '../../server/sites/tenant-source.ts';
import { envNumber, fmt, load, report } from './load.ts';
import { benchServerUrl, scratchDatabase } from './scratch-db.ts';
import { syntheticCatalogue, syntheticGames } from './synthetic-catalogue.ts';

const GAMES = envNumber('BENCH_GAMES', 5000);
const PROVIDERS = 40;
const REQUESTS = envNumber('BENCH_REQUESTS', 3000);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 50);

async function benchBuild(): Promise<void> {
  const base = JSON.parse(await readFile(fileURLToPath(new URL('../../tests/fixtures/tenant-bundle.pt.json', import.meta.url)), 'utf8')) as TenantBundle;
  const bundle: TenantBundle = { ...base, domain: 'catalogue.localhost', casino: syntheticCatalogue(GAMES, PROVIDERS, base.categories.map((c) => c.slug)) };
  const sitesDir = await mkdtemp(join(tmpdir(), 'bench-catalogue-'));
  try {
    const r = await buildTenantSite({ sitesDir, domain: bundle.domain, bundle });
    console.log(
      `1) build, ${fmt(GAMES)} games × 2 locales: ${fmt(r.pages)} pages in ${fmt(r.ms)} ms → ${fmt((r.pages * 1000) / r.ms, 1)} pages/s, ` +
        `${fmt(r.ms / r.pages, 2)} ms/page (astro ${fmt(r.astroMs)} ms, precompress ${fmt(r.compressMs)} ms)`,
    );
  } finally {
    await rm(sitesDir, { recursive: true, force: true });
  }
}

async function benchApi(label: string, url: string): Promise<void> {
  const config = getConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const database = await openDatabase(url);
  await database.migrate();
  await seedDemoTenants(database.db, log);
  const tenant = await findTenantByDomain(database.db, 'localhost');
  if (!tenant) throw new Error('demo tenant localhost missing');
  const categories = (await listCategories(database.db, tenant.id)).map((c) => c.slug);
  const rows = syntheticGames(GAMES, PROVIDERS, categories).map((g) => ({
    game_id: `bench-${g.id}`,
    title: g.title,
    gamecode: g.gamecode,
    providercode: g.providercode,
    provider_name: g.provider_name,
    category_slug: g.category_slug,
    type: g.type,
    image: g.image,
    rtp: (g.rtp ?? 9600) / 100,
    only_demo: g.only_demo,
    description_pt: g.description.pt,
    description_en: g.description.en,
  }));
  const t0 = performance.now();
  const summary = await importCatalogue(database.db, { tenantId: tenant.id, text: JSON.stringify(rows), format: 'json', replace: false });
  console.log(`2) ${label}: import of ${fmt(summary.games)} games through the import service: ${fmt(performance.now() - t0)} ms`);

  const app = createApp({ db: database.db, config, logger: log, sites: createSiteBuilder({ ...tenantSource(database.db, config), sitesDir: 'dist/bench-catalogue-sites', log: () => {} }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/casinos/games`;
  const queries = [
    (i: number) => `?page=${(i % 50) + 1}`,
    (i: number) => `?provider=provider-${(i % PROVIDERS) + 1}`,
    (i: number) => `?provider=provider-${(i % PROVIDERS) + 1},provider-${((i + 7) % PROVIDERS) + 1}&page=2`,
    (i: number) => `?category=${categories[i % categories.length] ?? ''}`,
    (i: number) => `?searchTerm=${['tiger', 'golden', 'samba', 'rio 3', 'ação'][i % 5]}`,
    (i: number) => `?type=slot&bonuses=1&page=${(i % 5) + 1}`,
  ];
  const result = await load(REQUESTS, CONCURRENCY, Date.now() + 120_000, async (i) => {
    const response = await fetch(`${baseUrl}${queries[i % queries.length]!(i)}`, { headers: { origin: 'http://localhost' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
  });
  report(`   ${label}: GET /casinos/games, ${fmt(GAMES)} games, mixed filters (${CONCURRENCY} concurrent)`, result);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
}

if (!process.env.BENCH_SKIP_BUILD) await benchBuild();
const scratch = await scratchDatabase(benchServerUrl(), 'bench_catalogue');
if (scratch) {
  try {
    await benchApi('PostgreSQL', scratch.url);
  } finally {
    await scratch.drop();
  }
}
await benchApi('PGlite (embedded)', 'memory://');
console.log('3) house-game rounds (scripts/bench/rounds.ts):');
execFileSync(process.execPath, [fileURLToPath(new URL('./rounds.ts', import.meta.url))], { stdio: 'inherit', env: { ...process.env, BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '1000' } });
