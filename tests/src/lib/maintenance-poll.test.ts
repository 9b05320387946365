import { describe, expect, it } from 'vitest';
import { maintenanceDelay, pollMaintenance } from '../../../src/lib/maintenance-poll.ts';

describe('maintenanceDelay', () => {
  it('starts at 3 s and doubles up to 60 s without jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => maintenanceDelay(n, middle))).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000]);
  });

  it('shifts each wait by at most 20 % either way', () => {
    expect(maintenanceDelay(0, () => 0)).toBe(2_400);
    expect(maintenanceDelay(0, () => 0.999_999)).toBe(3_600);
    expect(maintenanceDelay(9, () => 0)).toBe(48_000);
    expect(maintenanceDelay(9, () => 0.999_999)).toBe(72_000);
  });
});

describe('pollMaintenance', () => {
  function fakeTimers() {
    const waits: number[] = [];
    let pending: (() => void) | null = null;
    return {
      waits,
      wait: (run: () => void, ms: number) => {
        waits.push(ms);
        pending = run;
        return () => {
          pending = null;
        };
      },
      fire: async () => {
        const run = pending;
        pending = null;
        run?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    };
  }

  it('backs off while the site is down (failures too) and calls onBack once it is back', async () => {
    const timers = fakeTimers();
    const answers: (() => Promise<boolean>)[] = [async () => false, () => Promise.reject(new Error('network')), async () => false, async () => true];
    let backs = 0;
    pollMaintenance({ isBack: () => answers.shift()!(), wait: timers.wait, onBack: () => backs++, random: () => 0.5 });
    for (let i = 0; i < 4; i++) await timers.fire();
    expect(timers.waits).toEqual([3_000, 6_000, 12_000, 24_000]);
    expect(backs).toBe(1);
    await timers.fire();
    expect(timers.waits).toHaveLength(4);
  });

  it('stops asking once stopped', async () => {
    const timers = fakeTimers();
    let checks = 0;
    const stop = pollMaintenance({ isBack: async () => (checks++, false), wait: timers.wait, onBack: () => undefined, random: () => 0.5 });
    stop();
    await timers.fire();
    expect(checks).toBe(0);
  });
});
