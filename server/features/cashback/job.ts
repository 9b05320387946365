import type { Db } from '../../db/open.ts';
import { tenants } from '../tenants/schema.ts';
import { lastClosedPeriod } from './periods.ts';
import { type RunSummary, runCashbackPeriod } from './run.ts';
import { cashbackSettings } from './settings.ts';

/**
 * The scheduled pass: for every tenant with cashback on and allowed (never
 * on a regulated tenant: Lei 14.790 art. 29 forbids cash cashback there), the
 * last period that is over, as calendar items released at the tenant's
 * release day and hour. Idempotent: a period already run makes nothing.
 * A failing tenant does not stop the others; its error is in `failed`.
 */
export async function runDueCashback(db: Db, now: Date): Promise<{ runs: RunSummary[]; failed: { tenantId: number; error: string }[] }> {
  const runs: RunSummary[] = [];
  const failed: { tenantId: number; error: string }[] = [];
  for (const tenant of await db.select({ id: tenants.id, config: tenants.config }).from(tenants).orderBy(tenants.id)) {
    const settings = cashbackSettings(tenant.config);
    if (!settings.active || settings.regulated) continue;
    try {
      const period = lastClosedPeriod(now, settings.releaseDay, settings.releaseHour);
      runs.push(await runCashbackPeriod(db, { tenantId: tenant.id, config: tenant.config, period, type: 'calendar', now }));
    } catch (error) {
      failed.push({ tenantId: tenant.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { runs, failed };
}
