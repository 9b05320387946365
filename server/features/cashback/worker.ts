import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { runDueCashback } from './job.ts';

export interface CashbackWorker {
  /** Runs one pass now (unless one is running) and resolves when it is done. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the cashback job (./job.ts) `firstPassMs` after start (default 90 s)
 * and then every `intervalMs` (default 1 hour), like the barred-bettor
 * sweep: passes never overlap on one node, every node may run it (a period
 * is made once, see runCashbackPeriod), a failure is logged and retried at
 * the next pass, the timers are unref'd.
 */
export function startCashbackWorker(deps: { db: Db; log: Logger; now?: () => Date }, opts: { intervalMs?: number; firstPassMs?: number } = {}): CashbackWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const now = deps.now ?? (() => new Date());
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const { runs, failed } = await runDueCashback(deps.db, now());
        for (const run of runs) if (run.ran) deps.log.info(`cashback: tenant ${run.tenantId}, period from ${run.period}: ${run.items} items`);
        for (const f of failed) deps.log.warn(`cashback: tenant ${f.tenantId} failed, retried at the next pass: ${f.error}`);
      } catch (error) {
        deps.log.error('cashback: pass failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60 * 60_000);
  timer.unref();
  const first = setTimeout(() => void tick(), opts.firstPassMs ?? 90_000);
  first.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
