/**
 * A fake clock and timers for the prompt stores' tests (install, push):
 * `advance` moves the clock, firing due timers in order (including ones they
 * schedule).
 */
export function fakeTime(start = Date.UTC(2026, 2, 1, 12)) {
  let now = start;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    /** Moves the clock, firing due timers in order (including ones they schedule). */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
