/**
 * `npm run barred:sweep [-- --tenant <domain>]` runs the whole-base
 * barred-bettor check (SIGAP, docs/barred-players.md) now, for every tenant
 * or one: each tenant's current 15-day period runs once, so a period the
 * platform's own scheduler (or another run of this script) already did, or
 * is doing, is skipped and said so. Opens DATABASE_URL itself (migrating it
 * first, like `npm run build`); PGlite (a folder DATABASE_URL) allows one
 * process only, so with the platform running on PGlite let its scheduler
 * do it (a pass at start, then hourly). Exit 1 when a run stopped on an
 * error (the next pass runs the period again).
 *
 * With SIGAP_PROVIDER=sandbox this process has its own stand-in (the demo
 * CPF barred; CPFs barred through a running platform's /sandbox-sigap are
 * not known here).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open.ts';
import { createBarred } from '../server/features/barred/index.ts';
import { sweepTenant } from '../server/features/barred/sweep.ts';
import { findTenantByDomain } from '../server/features/tenants/find-tenant.ts';
import { tenants } from '../server/features/tenants/schema.ts';
import { createPushSender } from '../server/features/push/send.ts';
import { pushDepsFromConfig } from '../server/features/push/deps.ts';
import { createLogger } from '../server/logger.ts';
import { configFromEnvOrExit } from '../server/main.ts';

const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { tenant: { type: 'string' } } });
const config = configFromEnvOrExit();
if (config.barred.provider === 'none') {
  process.stderr.write('SIGAP_PROVIDER is none: there is no barred-bettor check to run\n');
  process.exit(1);
}
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const database = await openDatabase(config.databaseUrl);
try {
  await database.migrate();
  const db = database.db;
  let ids: number[] = [];
  if (values.tenant) {
    const tenant = await findTenantByDomain(db, values.tenant);
    if (tenant) ids = [tenant.id];
    else {
      process.stderr.write(`No tenant has the domain ${values.tenant}\n`);
      process.exitCode = 1;
    }
  } else {
    ids = (await db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id)).map((t) => t.id);
  }
  // No realtime server here: players see the notification at their next page load (and by push when subscribed).
  const notifications = { db, publish: async () => {}, log, push: createPushSender(pushDepsFromConfig({ db, log, config })) };
  const barred = createBarred({ db, config, log, notifications });
  for (const id of ids) {
    const s = await sweepTenant(barred.deps, id);
    if (!s.ran) process.stdout.write(`tenant ${id}: period ${s.period} already done or running elsewhere, skipped\n`);
    else if (s.error) {
      process.stderr.write(`tenant ${id}: period ${s.period} stopped after ${s.checked} players: ${s.error}\n`);
      process.exitCode = 1;
    } else process.stdout.write(`tenant ${id}: period ${s.period}: ${s.checked} players checked, ${s.barred} barred\n`);
  }
} finally {
  await database.close();
}
