/**
 * The navigation loading bar's state machine (spec sections 4 and 9), free of
 * the DOM so its timing is testable: throttle 200 ms (a navigation finishing
 * sooner never shows the bar), nominal duration 2000 ms, hide 500 ms after the
 * end, reset 400 ms after hiding. Failures show at once in the error colour.
 */
export const LOADING_BAR_TIMINGS = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
  /** Progress refresh interval while running. */
  tick: 100,
} as const;

export type LoadingBarTimings = { [K in keyof typeof LOADING_BAR_TIMINGS]: number };

export interface LoadingBarView {
  state: 'idle' | 'running' | 'error';
  /** 0..1, written to `--loading-bar-progress`. */
  progress: number;
}

export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserScheduler: Scheduler = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Estimated progress after `elapsed` ms: climbs quickly, reaches ~70 % at the
 * nominal duration and approaches (never reaches) 100 % while the navigation
 * is still pending. Only `finish()` completes the bar.
 */
export function estimatedProgress(elapsed: number, duration: number): number {
  if (elapsed <= 0) return 0;
  return (2 / Math.PI) * Math.atan((2 * elapsed) / duration);
}

export interface LoadingBar {
  /** A navigation began. */
  start(): void;
  /** The navigation completed. */
  finish(): void;
  /** The navigation failed: error colour, then hide like `finish`. */
  fail(): void;
  /** The last view rendered (for re-rendering onto a swapped-in element). */
  view(): LoadingBarView;
}

export function createLoadingBar(
  render: (view: LoadingBarView) => void,
  scheduler: Scheduler = browserScheduler,
  timings: LoadingBarTimings = LOADING_BAR_TIMINGS,
): LoadingBar {
  let phase: 'idle' | 'pending' | 'running' | 'ending' = 'idle';
  let current: LoadingBarView = { state: 'idle', progress: 0 };
  let timer: unknown;
  let startedAt = 0;
  let base = 0;

  const show = (view: LoadingBarView) => {
    current = view;
    render(view);
  };
  const clear = () => {
    if (timer !== undefined) scheduler.clearTimeout(timer);
    timer = undefined;
  };
  const tick = () => {
    const elapsed = scheduler.now() - startedAt;
    show({ state: 'running', progress: base + (1 - base) * estimatedProgress(elapsed, timings.duration) });
    timer = scheduler.setTimeout(tick, timings.tick);
  };
  const run = () => {
    phase = 'running';
    startedAt = scheduler.now();
    tick();
  };
  const end = (state: 'running' | 'error') => {
    clear();
    phase = 'ending';
    show({ state, progress: 1 });
    timer = scheduler.setTimeout(() => {
      show({ state: 'idle', progress: 1 });
      timer = scheduler.setTimeout(() => {
        phase = 'idle';
        timer = undefined;
        show({ state: 'idle', progress: 0 });
      }, timings.resetDelay);
    }, timings.hideDelay);
  };

  return {
    start() {
      clear();
      if (phase === 'running' || phase === 'ending') {
        // A newer navigation replaced a visible one: keep the bar, never move it backwards.
        base = current.state === 'idle' ? 0 : Math.min(current.progress, 0.9);
        run();
        return;
      }
      base = 0;
      phase = 'pending';
      timer = scheduler.setTimeout(run, timings.throttle);
    },
    finish() {
      if (phase === 'pending') {
        clear();
        phase = 'idle';
        return;
      }
      if (phase === 'running') end('running');
    },
    fail() {
      end('error');
    },
    view: () => current,
  };
}
