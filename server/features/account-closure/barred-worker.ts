import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { type PeriodicWorker, startPeriodic } from '../../lifecycle/periodic.ts';
import { closeBarredAccounts } from './close-barred.ts';

export type BarredClosureWorker = PeriodicWorker<void>;

/**
 * Closes barred accounts at the regulator's term every `intervalMs`
 * (default 10 minutes; the term is counted in days, so the delay is
 * harmless), like the payout worker: passes never overlap on one node, a
 * failing pass is logged and the next one tries again, the timer is
 * unref'd. Several nodes may run it: each account closes once (see
 * closeBarredAccounts).
 */
export function startBarredClosureWorker(deps: { db: Db; log: Logger; now?: () => Date }, opts: { intervalMs?: number } = {}): BarredClosureWorker {
  const now = deps.now ?? (() => new Date());
  return startPeriodic({
    async pass() {
      await closeBarredAccounts(deps, now());
    },
    idle: undefined,
    intervalMs: opts.intervalMs ?? 10 * 60_000,
    log: deps.log,
    failure: 'account-closure: barred closure pass failed',
  });
}
