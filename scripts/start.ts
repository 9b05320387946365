/**
 * `npm start`: makes sure every tenant has a built site (building, before
 * serving, only the tenants and the fallback site that have none — so the
 * first start on a fresh clone serves real sites and later starts reuse the
 * existing builds), then starts the platform: sites + API on PORT, realtime
 * on REALTIME_PORT. A site that fails to build is reported and the platform
 * starts anyway (that host gets the fallback site until a rebuild succeeds).
 */
import { ConfigError, getConfig, type Config } from '../server/config.ts';
import { startPlatform } from '../server/main.ts';
import { buildSitesFromDatabase } from '../server/sites/build-from-database.ts';
import { printBuildSummary } from '../server/sites/summary.ts';

let config: Config;
try {
  config = getConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const started = performance.now();
const builds = await buildSitesFromDatabase(config, {
  onlyMissing: true,
  log: (line) => void (line.startsWith('[sites]') && process.stdout.write(`${line}\n`)),
});
printBuildSummary(builds, config.sitesDir, performance.now() - started);

const platform = await startPlatform(config, { buildMissingSites: false });

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal} received, shutting down\n`);
  setTimeout(() => process.exit(1), 10_000).unref();
  platform.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
