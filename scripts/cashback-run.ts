/**
 * `npm run cashback:run` runs the cashback job now (docs/rewards.md
 * "Cashback"): for every tenant with cashback on and allowed (not
 * regulated), the last weekly period that is over, as calendar items. A
 * period the platform's own scheduler (or another run of this script)
 * already made is skipped and said so. Opens DATABASE_URL itself (migrating
 * it first); PGlite (a folder DATABASE_URL) allows one process only, so with
 * the platform running on PGlite let its scheduler do it, or call
 * `POST /api/operator/cashback/runs`. Exit 1 when a tenant's run failed
 * (the next pass runs the period again).
 */
import { openDatabase } from '../server/db/open.ts';
import { runDueCashback } from '../server/features/cashback/job.ts';
import { configFromEnvOrExit } from '../server/main.ts';

const config = configFromEnvOrExit();
const database = await openDatabase(config.databaseUrl);
try {
  await database.migrate();
  const { runs, failed } = await runDueCashback(database.db, new Date());
  for (const run of runs) {
    if (run.ran) process.stdout.write(`tenant ${run.tenantId}: period from ${run.period}: ${run.items} items made\n`);
    else process.stdout.write(`tenant ${run.tenantId}: period from ${run.period} already made, skipped\n`);
  }
  if (runs.length === 0 && failed.length === 0) process.stdout.write('no tenant has cashback on and allowed (regulated tenants never pay cash cashback)\n');
  for (const f of failed) {
    process.stderr.write(`tenant ${f.tenantId}: ${f.error}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
