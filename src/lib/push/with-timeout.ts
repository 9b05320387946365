/** Raised by `withTimeout` when the promise did not settle in time. */
export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Settles like `promise`, or rejects with TimeoutError after `ms`. The timer
 * functions are injectable so tests drive time.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = { set: (fn, delay) => setTimeout(fn, delay), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.set(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        timers.clear(handle);
        resolve(value);
      },
      (error: unknown) => {
        timers.clear(handle);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
