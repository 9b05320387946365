import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { closeBarredAccounts } from './close-barred.ts';

export interface BarredClosureWorker {
  /** Runs one pass now (unless one is running) and resolves when it is done. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Closes barred accounts at the regulator's term every `intervalMs`
 * (default 10 minutes; the term is counted in days, so the delay is
 * harmless), like the payout worker: passes never overlap on one node, a
 * failing pass is logged and the next one tries again, the timer is
 * unref'd. Several nodes may run it: each account closes once (see
 * closeBarredAccounts).
 */
export function startBarredClosureWorker(deps: { db: Db; log: Logger; now?: () => Date }, opts: { intervalMs?: number } = {}): BarredClosureWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const now = deps.now ?? (() => new Date());
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        await closeBarredAccounts(deps, now());
      } catch (error) {
        deps.log.error('account-closure: barred closure pass failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 10 * 60_000);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
