import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { type PeriodicWorker, startPeriodic } from '../../lifecycle/periodic.ts';
import { runDueCashback } from './job.ts';

export type CashbackWorker = PeriodicWorker<void>;

/**
 * Runs the cashback job (./job.ts) `firstPassMs` after start (default 90 s)
 * and then every `intervalMs` (default 1 hour), like the barred-bettor
 * sweep: passes never overlap on one node, every node may run it (a period
 * is made once, see runCashbackPeriod), a failure is logged and retried at
 * the next pass, the timers are unref'd.
 */
export function startCashbackWorker(deps: { db: Db; log: Logger; now?: () => Date }, opts: { intervalMs?: number; firstPassMs?: number } = {}): CashbackWorker {
  const now = deps.now ?? (() => new Date());
  return startPeriodic({
    async pass() {
      const { runs, failed } = await runDueCashback(deps.db, now());
      for (const run of runs) if (run.ran) deps.log.info(`cashback: tenant ${run.tenantId}, period from ${run.period}: ${run.items} items`);
      for (const f of failed) deps.log.warn(`cashback: tenant ${f.tenantId} failed, retried at the next pass: ${f.error}`);
    },
    idle: undefined,
    intervalMs: opts.intervalMs ?? 60 * 60_000,
    firstPassMs: opts.firstPassMs ?? 90_000,
    log: deps.log,
    failure: 'cashback: pass failed',
  });
}
