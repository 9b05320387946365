/**
 * `npm start`: makes sure every tenant has a built site (building, before
 * serving, only the tenants and the fallback site that have none — so the
 * first start on a fresh clone serves real sites and later starts reuse the
 * existing builds), then starts the platform: sites + API on PORT, realtime
 * on REALTIME_PORT. A site that fails to build is reported and the platform
 * starts anyway (that host gets the fallback site until a rebuild succeeds).
 */
import { configFromEnvOrExit, startPlatform, stopOnSignals } from '../server/main.ts';
import { buildSitesFromDatabase } from '../server/sites/build-from-database.ts';
import { printBuildSummary } from '../server/sites/summary.ts';

const config = configFromEnvOrExit();
const started = performance.now();
const builds = await buildSitesFromDatabase(config, {
  onlyMissing: true,
  log: (line) => void (line.startsWith('[sites]') && process.stdout.write(`${line}\n`)),
});
printBuildSummary(builds, config.sitesDir, performance.now() - started);

stopOnSignals(await startPlatform(config, { buildMissingSites: false }));
