import type { Config } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { seedDemoTenants } from '../features/tenants/demo/seed.ts';
import { createLogger } from '../logger.ts';
import { createSiteBuilder, type SiteBuildRecord } from './builder.ts';
import { imageCacheDir } from './images/index.ts';
import { tenantSource } from './tenant-source.ts';

export interface BuildFromDatabaseOptions {
  /** Only these tenant domains (the fallback site is then left alone). Default: every tenant. */
  tenants?: string[];
  /** Skip tenants (and the fallback) that already have a served build. */
  onlyMissing?: boolean;
  /** Build output and progress lines. Default: stdout. */
  log?: (line: string) => void;
}

/**
 * Opens the platform database named by the configuration, applies pending
 * migrations, seeds the demo tenants when there are none (SEED_DEMO), builds
 * the requested sites one after another, and closes the database.
 * Used by `npm run build` and, with `onlyMissing`, by `npm start` before it serves.
 * @returns one record per build started, fallback site last; failed builds are recorded, not thrown.
 */
export async function buildSitesFromDatabase(config: Config, opts: BuildFromDatabaseOptions = {}): Promise<SiteBuildRecord[]> {
  const log = opts.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const database = await openDatabase(config.databaseUrl);
  try {
    await database.migrate();
    if (config.seedDemo) await seedDemoTenants(database.db, createLogger(config.logLevel));
    const builder = createSiteBuilder({ ...tenantSource(database.db, config), sitesDir: config.sitesDir, log, buildOptions: { imageCacheDir: imageCacheDir(config.dataDir) } });
    if (opts.tenants && opts.tenants.length > 0) {
      const started = await Promise.all(opts.tenants.map((domain) => builder.rebuild(domain)));
      const finished = await Promise.all(started.map((b) => builder.settled(b.id)));
      return finished.filter((b): b is SiteBuildRecord => b !== null);
    }
    const tenants = await builder.buildAll({ onlyMissing: opts.onlyMissing ?? false });
    const fallback = await builder.ensureFallback({ force: !opts.onlyMissing });
    return fallback ? [...tenants, fallback] : tenants;
  } finally {
    await database.close();
  }
}
