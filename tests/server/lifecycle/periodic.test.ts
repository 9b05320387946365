import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from '../../../server/lifecycle/periodic.ts';
import type { Logger } from '../../../server/logger.ts';

/** The background workers' loop (server/lifecycle/periodic.ts): interval, first pass, no overlap, failures logged, stop. */

function fakeLog() {
  const errors: unknown[][] = [];
  const log = { error: (...args: unknown[]) => void errors.push(args), warn: () => undefined, info: () => undefined } as unknown as Logger;
  return { log, errors };
}

afterEach(() => vi.useRealTimers());

describe('startPeriodic', () => {
  it('runs a pass every interval, a first pass when asked, and none after stop', async () => {
    vi.useFakeTimers();
    const { log } = fakeLog();
    let passes = 0;
    const worker = startPeriodic({ pass: async () => ++passes, idle: 0, intervalMs: 1000, firstPassMs: 300, log, failure: 'x failed' });
    await vi.advanceTimersByTimeAsync(300);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(3);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(3);
    expect(await worker.tick()).toBe(0);
  });

  it('a tick during a pass joins it; stop waits for it', async () => {
    const { log } = fakeLog();
    let release!: () => void;
    let passes = 0;
    const worker = startPeriodic({
      pass: () => new Promise<number>((resolve) => (release = () => resolve(++passes))),
      idle: 0,
      intervalMs: 60_000,
      log,
      failure: 'x failed',
    });
    const a = worker.tick();
    const b = worker.tick();
    expect(a).toBe(b);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    expect(await a).toBe(1);
    await stopping;
    expect(stopped).toBe(true);
    expect(passes).toBe(1);
  });

  it('a failing pass is logged, gives the idle value, and the next pass runs', async () => {
    const { log, errors } = fakeLog();
    let fail = true;
    const worker = startPeriodic({
      pass: async () => {
        if (fail) throw new Error('database gone');
        return 7;
      },
      idle: 0,
      intervalMs: 60_000,
      log,
      failure: 'x: pass failed',
    });
    expect(await worker.tick()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toBe('x: pass failed');
    fail = false;
    expect(await worker.tick()).toBe(7);
    await worker.stop();
  });
});
