import type { WithdrawalsDeps } from './deps.ts';
import { dispatchDueWithdrawals, reconcileProcessing } from './dispatch.ts';

export interface PayoutWorker {
  /** Runs one pass now (unless one is running) and resolves when it is done. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a pass in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Sends due withdrawals to the PSP and reconciles stale payouts every
 * `intervalMs` (default 5 s). Passes never overlap; a failing pass is
 * logged and the next one tries again. The timer is unref'd: it never keeps
 * the process alive on its own.
 */
export function startPayoutWorker(deps: WithdrawalsDeps, opts: { intervalMs?: number } = {}): PayoutWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const now = deps.now();
        const summary = await dispatchDueWithdrawals(deps, now);
        if (summary.sent + summary.invalidKey + summary.retry > 0) deps.log.info(`withdrawals: payouts sent ${summary.sent}, invalid key ${summary.invalidKey}, to retry ${summary.retry}`);
        await reconcileProcessing(deps, now);
      } catch (error) {
        deps.log.error('withdrawals: payout pass failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 5000);
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
