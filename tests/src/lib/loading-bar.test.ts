import { describe, expect, it } from 'vitest';
import { createLoadingBar, estimatedProgress, LOADING_BAR_TIMINGS, type LoadingBarView, type Scheduler } from '../../../src/lib/loading-bar.ts';

/** Deterministic clock: timers fire only when `advance` passes their due time. */
function fakeScheduler() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { due: number; callback: () => void }>();
  const scheduler: Scheduler & { advance(ms: number): void } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { due: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let nextIdEntry: [number, { due: number; callback: () => void }] | undefined;
        for (const entry of timers) if (entry[1].due <= end && (!nextIdEntry || entry[1].due < nextIdEntry[1].due)) nextIdEntry = entry;
        if (!nextIdEntry) break;
        timers.delete(nextIdEntry[0]);
        now = nextIdEntry[1].due;
        nextIdEntry[1].callback();
      }
      now = end;
    },
  };
  return scheduler;
}

function setup() {
  const scheduler = fakeScheduler();
  const views: LoadingBarView[] = [];
  const bar = createLoadingBar((view) => views.push(view), scheduler);
  const last = () => views.at(-1);
  return { scheduler, views, bar, last };
}

describe('loading bar timings', () => {
  it('uses the spec constants', () => {
    expect(LOADING_BAR_TIMINGS).toMatchObject({ throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400 });
  });

  it('never shows for a navigation faster than the 200 ms throttle', () => {
    const { scheduler, views, bar } = setup();
    bar.start();
    scheduler.advance(199);
    bar.finish();
    scheduler.advance(5000);
    expect(views).toEqual([]);
  });

  it('shows after 200 ms, grows while pending, completes, hides after 500 ms and resets 400 ms later', () => {
    const { scheduler, bar, last } = setup();
    bar.start();
    scheduler.advance(200);
    expect(last()).toEqual({ state: 'running', progress: 0 });
    scheduler.advance(1000);
    const midway = last()!.progress;
    expect(midway).toBeCloseTo(estimatedProgress(1000, 2000), 5);
    scheduler.advance(1000);
    expect(last()!.progress).toBeGreaterThan(midway);
    expect(last()!.progress).toBeLessThan(1);

    bar.finish();
    expect(last()).toEqual({ state: 'running', progress: 1 });
    scheduler.advance(499);
    expect(last()).toEqual({ state: 'running', progress: 1 });
    scheduler.advance(1);
    expect(last()).toEqual({ state: 'idle', progress: 1 });
    scheduler.advance(399);
    expect(last()!.progress).toBe(1);
    scheduler.advance(1);
    expect(last()).toEqual({ state: 'idle', progress: 0 });
  });

  it('shows a failure at once in the error state, then hides and resets', () => {
    const { scheduler, bar, last } = setup();
    bar.start();
    scheduler.advance(50);
    bar.fail();
    expect(last()).toEqual({ state: 'error', progress: 1 });
    scheduler.advance(500);
    expect(last()).toEqual({ state: 'idle', progress: 1 });
    scheduler.advance(400);
    expect(last()).toEqual({ state: 'idle', progress: 0 });
  });

  it('ignores a second finish and never moves backwards when a newer navigation starts', () => {
    const { scheduler, bar, last, views } = setup();
    bar.start();
    scheduler.advance(1200);
    const before = last()!.progress;
    bar.start();
    expect(last()!.progress).toBeGreaterThanOrEqual(Math.min(before, 0.9));
    bar.finish();
    const count = views.length;
    bar.finish();
    expect(views.length).toBe(count);
  });

  it('estimates about 70 % at the nominal duration and never reaches 100 %', () => {
    expect(estimatedProgress(0, 2000)).toBe(0);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(0.705, 2);
    expect(estimatedProgress(600_000, 2000)).toBeLessThan(1);
  });
});
