import { type PeriodicWorker, startPeriodic } from '../../lifecycle/periodic.ts';
import type { WithdrawalsDeps } from './deps.ts';
import { dispatchDueWithdrawals, reconcileProcessing } from './dispatch.ts';

export type PayoutWorker = PeriodicWorker<void>;

/**
 * Sends due withdrawals to the PSP and reconciles stale payouts every
 * `intervalMs` (default 5 s). Passes never overlap; a failing pass is
 * logged and the next one tries again. The timer is unref'd: it never keeps
 * the process alive on its own.
 */
export function startPayoutWorker(deps: WithdrawalsDeps, opts: { intervalMs?: number } = {}): PayoutWorker {
  return startPeriodic({
    async pass() {
      const now = deps.now();
      const summary = await dispatchDueWithdrawals(deps, now);
      if (summary.sent + summary.invalidKey + summary.retry > 0) deps.log.info(`withdrawals: payouts sent ${summary.sent}, invalid key ${summary.invalidKey}, to retry ${summary.retry}`);
      await reconcileProcessing(deps, now);
    },
    idle: undefined,
    intervalMs: opts.intervalMs ?? 5000,
    log: deps.log,
    failure: 'withdrawals: payout pass failed',
  });
}
