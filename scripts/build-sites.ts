/**
 * `npm run build`: builds every tenant's static site (both locales) plus the
 * fallback site into SITES_DIR (default dist/sites/<domain>), each switched
 * in atomically. On an empty database it first migrates and seeds the demo
 * tenants, so it works on a fresh clone.
 *
 *   npm run build                          every tenant + the fallback site
 *   npm run build -- --tenant sorte.localhost [--tenant …]   only those tenants
 *   npm run build -- --only-missing        only sites with no build yet
 *
 * Exits 1 when a build failed (the previous build of that site keeps serving).
 */
import { parseArgs } from 'node:util';
import { configFromEnvOrExit } from '../server/main.ts';
import { buildSitesFromDatabase } from '../server/sites/build-from-database.ts';
import { printBuildSummary } from '../server/sites/summary.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', multiple: true },
    'only-missing': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const config = configFromEnvOrExit();

const started = performance.now();
const builds = await buildSitesFromDatabase(config, {
  tenants: values.tenant,
  onlyMissing: values['only-missing'],
  log: values.quiet ? (line) => void (line.startsWith('[sites]') && process.stdout.write(`${line}\n`)) : undefined,
});
const failed = printBuildSummary(builds, config.sitesDir, performance.now() - started);
if (failed > 0) process.exitCode = 1;
