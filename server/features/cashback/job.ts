import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { tenants } from '../tenants/schema.ts';
import { addDays, type CashbackPeriod, lastClosedPeriod, periodFrom } from './periods.ts';
import { type RunSummary, runCashbackPeriod } from './run.ts';
import { cashbackRuns } from './schema.ts';
import { cashbackSettings } from './settings.ts';

/** How many weeks the job goes back for periods it missed (the platform was down on their release). */
export const CATCH_UP_PERIODS = 4;

/**
 * The periods that are over and not run yet, oldest first: since the
 * tenant's latest run, at most CATCH_UP_PERIODS back from the last closed
 * one; only that one when the tenant never ran cashback (it was just turned on).
 */
export function duePeriods(lastClosed: CashbackPeriod, latestRunStart: string | undefined, releaseHour: number): CashbackPeriod[] {
  if (latestRunStart === undefined) return [lastClosed];
  const due: CashbackPeriod[] = [];
  for (let back = CATCH_UP_PERIODS - 1; back >= 0; back--) {
    const start = addDays(lastClosed.start, -7 * back);
    if (start > latestRunStart) due.push(periodFrom(start, releaseHour));
  }
  return due;
}

/**
 * The scheduled pass: for every tenant with cashback on and allowed (never
 * on a regulated tenant: Lei 14.790 art. 29 forbids cash cashback there),
 * the periods that are over and not run yet (duePeriods: the last one, and
 * the weeks before it that a stopped platform missed), oldest first, as
 * calendar items released at the tenant's release day and hour. Idempotent:
 * a period already run makes nothing, and a period's play is counted from
 * where the previous one ended (runCashbackPeriod), so no loss is paid twice.
 * A failing tenant does not stop the others; its error is in `failed`.
 */
export async function runDueCashback(db: Db, now: Date): Promise<{ runs: RunSummary[]; failed: { tenantId: number; error: string }[] }> {
  const runs: RunSummary[] = [];
  const failed: { tenantId: number; error: string }[] = [];
  for (const tenant of await db.select({ id: tenants.id, config: tenants.config }).from(tenants).orderBy(tenants.id)) {
    const settings = cashbackSettings(tenant.config);
    if (!settings.active || settings.regulated) continue;
    try {
      const [latest] = await db.select({ periodStart: cashbackRuns.periodStart }).from(cashbackRuns).where(eq(cashbackRuns.tenantId, tenant.id)).orderBy(desc(cashbackRuns.periodStart)).limit(1);
      const lastClosed = lastClosedPeriod(now, settings.releaseDay, settings.releaseHour);
      // A period whose run exists was made (or is being made on another node): asking again is harmless, so the last one always is.
      const due = duePeriods(lastClosed, latest?.periodStart, settings.releaseHour);
      for (const period of due.length > 0 ? due : [lastClosed]) {
        runs.push(await runCashbackPeriod(db, { tenantId: tenant.id, config: tenant.config, period, type: 'calendar', now }));
      }
    } catch (error) {
      failed.push({ tenantId: tenant.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { runs, failed };
}
