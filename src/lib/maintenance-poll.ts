/**
 * While the site is in maintenance, the page asks the platform again whether
 * it is back: first after 3 s, then each wait doubles up to 60 s, each one
 * shifted by up to ±20 % at random so that every open tab of a busy site
 * does not ask in the same second when the pause ends.
 */
export const MAINTENANCE_POLL = { firstMs: 3_000, maxMs: 60_000, jitter: 0.2 } as const;

/** The wait before check number `attempt` (0-based), with `random()` in [0, 1). */
export function maintenanceDelay(attempt: number, random: () => number = Math.random): number {
  const plain = Math.min(MAINTENANCE_POLL.maxMs, MAINTENANCE_POLL.firstMs * 2 ** Math.min(attempt, 30));
  const shift = (random() * 2 - 1) * MAINTENANCE_POLL.jitter;
  return Math.round(plain * (1 + shift));
}

export interface MaintenancePollDeps {
  /** True once the platform answers the site as open again. */
  isBack: () => Promise<boolean>;
  /** Runs `run` after `ms`; returns a way to cancel it. */
  wait: (run: () => void, ms: number) => () => void;
  /** What to do when the site is back (the page reloads). */
  onBack: () => void;
  random?: () => number;
}

/**
 * Polls until the site is back, then calls `onBack` once. A failed check
 * counts as "not yet". Returns a stop function.
 */
export function pollMaintenance(deps: MaintenancePollDeps): () => void {
  let attempt = 0;
  let stopped = false;
  let cancel: () => void = () => undefined;
  const next = (): void => {
    cancel = deps.wait(() => void check(), maintenanceDelay(attempt++, deps.random));
  };
  async function check(): Promise<void> {
    if (stopped) return;
    const back = await deps.isBack().catch(() => false);
    if (stopped) return;
    if (back) {
      stopped = true;
      deps.onBack();
      return;
    }
    next();
  }
  next();
  return () => {
    stopped = true;
    cancel();
  };
}
