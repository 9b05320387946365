/**
 * The sandbox's timers (automatic payout settlement, webhook retries), kept
 * track of so tests can wait for them (`whenIdle`) and a stopping platform
 * can cancel them (`close`). Timers are unref'd: they never keep a process
 * alive on their own. A timed task's rejection goes to `onError`.
 */
export interface SandboxScheduler {
  /** Runs `task` at `at` (epoch ms; now when past), once per `key`: a key already waiting keeps its first time. */
  at(key: string, at: number, task: () => Promise<unknown>): void;
  /** Runs `task` now, counted until it ends. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Runs `task` now unless one with `key` still runs: then answers that one (one attempt of a delivery at a time). */
  runOnce<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves when no timer waits and no task runs, including those they start. */
  whenIdle(): Promise<void>;
  /** Cancels every waiting timer and waits for running tasks; later `at` calls are ignored. */
  close(): Promise<void>;
}

export function createSandboxScheduler(onError: (error: unknown) => void = () => {}): SandboxScheduler {
  const waiting = new Map<string, { timer: NodeJS.Timeout; done: () => void; settled: Promise<void> }>();
  const running = new Set<Promise<unknown>>();
  const runningByKey = new Map<string, Promise<unknown>>();
  let closed = false;

  const scheduler: SandboxScheduler = {
    at(key, at, task) {
      if (closed || waiting.has(key)) return;
      let done = (): void => {};
      const settled = new Promise<void>((resolve) => (done = resolve));
      const timer = setTimeout(() => {
        waiting.delete(key);
        void scheduler.run(task).catch(onError).finally(done);
      }, Math.max(0, at - Date.now()));
      timer.unref();
      waiting.set(key, { timer, done, settled });
    },

    run(task) {
      const promise = task();
      running.add(promise);
      void promise.catch(() => undefined).finally(() => running.delete(promise));
      return promise;
    },

    runOnce<T>(key: string, task: () => Promise<T>): Promise<T> {
      const joined = runningByKey.get(key);
      if (joined) return joined as Promise<T>;
      const started = scheduler.run(task).finally(() => runningByKey.delete(key));
      runningByKey.set(key, started);
      return started;
    },

    async whenIdle() {
      while (waiting.size > 0 || running.size > 0) {
        await Promise.all([...[...waiting.values()].map((w) => w.settled), ...[...running].map((p) => p.catch(() => undefined))]);
      }
    },

    async close() {
      closed = true;
      for (const w of waiting.values()) {
        clearTimeout(w.timer);
        w.done();
      }
      waiting.clear();
      await Promise.all([...running].map((p) => p.catch(() => undefined)));
    },
  };
  return scheduler;
}
