import type { Logger } from '../logger.ts';

/** A pass run on a timer (the platform's background workers: payouts, expiries, closures, publishers). */
export interface PeriodicWorker<T> {
  /** Runs one pass now (unless one is running: then it resolves with that pass's result). */
  tick(): Promise<T>;
  /** Stops the timers and waits for a pass in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

export interface PeriodicOptions<T> {
  /** One pass; what it resolves with is what `tick()` gives. */
  pass: () => Promise<T>;
  /** What a pass gives when it failed or the worker is stopped. */
  idle: T;
  intervalMs: number;
  /** When set, a first pass this long after start (start-up work goes first), then every `intervalMs`. */
  firstPassMs?: number;
  log: Logger;
  /** The log line of a failed pass (the error follows it). */
  failure: string;
}

/**
 * Runs `pass` every `intervalMs`. Passes never overlap on one node (a tick
 * during a pass joins it); a pass that throws is logged as `failure` and the
 * next one tries again; after `stop()` no pass starts. The timers are
 * unref'd: they never keep the process alive on their own.
 */
export function startPeriodic<T>(opts: PeriodicOptions<T>): PeriodicWorker<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  const tick = (): Promise<T> => {
    if (stopped) return Promise.resolve(opts.idle);
    running ??= (async () => {
      try {
        return await opts.pass();
      } catch (error) {
        opts.log.error(opts.failure, error);
        return opts.idle;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  const first = opts.firstPassMs === undefined ? null : setTimeout(() => void tick(), opts.firstPassMs);
  first?.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
    },
  };
}
