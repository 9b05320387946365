import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { type PeriodicWorker, startPeriodic } from '../../lifecycle/periodic.ts';
import { expireDueBonuses } from './expire.ts';

/** `tick()` resolves with how many bonuses expired. */
export type BonusExpiryWorker = PeriodicWorker<number>;

/**
 * Forfeits expired bonuses every `intervalMs` (default 1 minute), so bonus
 * money past its expiry leaves the balance even when the player does nothing.
 * Passes never overlap; a failing pass is logged; the timer is unref'd. Any
 * number of nodes may run it (expireDueBonuses is idempotent under locks).
 */
export function startBonusExpiryWorker(deps: { db: Db; log: Logger }, opts: { intervalMs?: number } = {}): BonusExpiryWorker {
  return startPeriodic({
    async pass() {
      const expired = await expireDueBonuses(deps.db);
      if (expired > 0) deps.log.info(`bonuses: ${expired} expired bonus(es) forfeited`);
      return expired;
    },
    idle: 0,
    intervalMs: opts.intervalMs ?? 60_000,
    log: deps.log,
    failure: 'bonuses: expiry pass failed',
  });
}
