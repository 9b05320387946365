import { tenants } from '../tenants/schema.ts';
import type { BarredDeps } from './deps.ts';
import { type SweepSummary, sweepTenant } from './sweep.ts';

export interface SweepWorker {
  /** Runs one pass now (unless one is running) and resolves when it is done. */
  tick(): Promise<SweepSummary[]>;
  /** Stops the timer and waits for a pass in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs the whole-base check of every tenant (./sweep.ts) `firstPassMs`
 * after start (default 1 minute) and then every `intervalMs` (default 1
 * hour): each pass claims the tenant's current
 * 15-day period, so a period runs once whatever the number of nodes, and a
 * failed run is tried again at the next pass. Passes never overlap; a failing
 * pass is logged. The timer is unref'd: it never keeps the process alive.
 */
export function startBarredSweepWorker(deps: BarredDeps, opts: { intervalMs?: number; firstPassMs?: number } = {}): SweepWorker {
  let running: Promise<SweepSummary[]> | null = null;
  let stopped = false;
  const tick = (): Promise<SweepSummary[]> => {
    if (stopped) return Promise.resolve([]);
    running ??= (async () => {
      const out: SweepSummary[] = [];
      try {
        for (const { id } of await deps.db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id)) {
          if (stopped) break;
          const summary = await sweepTenant(deps, id, deps.now(), () => stopped);
          out.push(summary);
          if (summary.error) deps.log.warn(`barred: sweep of tenant ${id} (period ${summary.period}) stopped after ${summary.checked} players, retried at the next pass: ${summary.error}`);
          else if (summary.ran) deps.log.info(`barred: sweep of tenant ${id} (period ${summary.period}): ${summary.checked} players checked, ${summary.barred} barred`);
        }
      } catch (error) {
        deps.log.error('barred: sweep pass failed', error);
      } finally {
        running = null;
      }
      return out;
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  // The first pass waits a little: start-up (migrations, site builds, resumed sandbox deliveries) goes first.
  const first = setTimeout(() => void tick(), opts.firstPassMs ?? 60_000);
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
