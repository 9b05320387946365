import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { expireDueBonuses } from './expire.ts';

export interface BonusExpiryWorker {
  /** Runs one pass now (unless one is running); resolves with how many bonuses expired. */
  tick(): Promise<number>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Forfeits expired bonuses every `intervalMs` (default 1 minute), so bonus
 * money past its expiry leaves the balance even when the player does nothing.
 * Passes never overlap; a failing pass is logged; the timer is unref'd. Any
 * number of nodes may run it (expireDueBonuses is idempotent under locks).
 */
export function startBonusExpiryWorker(deps: { db: Db; log: Logger }, opts: { intervalMs?: number } = {}): BonusExpiryWorker {
  let running: Promise<number> | null = null;
  let stopped = false;
  const tick = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    running ??= (async () => {
      try {
        const expired = await expireDueBonuses(deps.db);
        if (expired > 0) deps.log.info(`bonuses: ${expired} expired bonus(es) forfeited`);
        return expired;
      } catch (error) {
        deps.log.error('bonuses: expiry pass failed', error);
        return 0;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60_000);
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
