import type { StorageLike } from './storage.ts';

/**
 * The timing rules the push-permission modal (src/stores/push.ts, spec
 * section 4) and the install modal (src/stores/install.ts, issue 20) share:
 * when a closed or refused prompt may show again, the delay after another
 * modal, and the schedule that re-checks until the prompt may open. Each
 * store keeps its own blockers and storage keys; browser access goes through
 * a `PromptClock` so the rules are tested with a fake clock and storage.
 */

/** A closed modal shows again after 24 h… */
export const PROMPT_CLOSED_AGAIN_MS = 24 * 60 * 60 * 1000;
/** …a refusal after 5 days. */
export const PROMPT_DENIED_AGAIN_MS = 5 * 24 * 60 * 60 * 1000;
/** 5 s with no other modal on screen before a prompt opens. */
export const PROMPT_MODAL_DELAY_MS = 5000;
/** How often a modal in the way is re-checked. */
export const PROMPT_RECHECK_MS = 1000;

/** The clock, timers and storage a prompt's rules read. */
export interface PromptClock {
  now: () => number;
  storage: StorageLike;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/** The real clock and timers, with a storage of its own kept in memory until the page gives the browser's. */
export function defaultPromptClock(): PromptClock {
  const memory = new Map<string, string>();
  return {
    now: () => Date.now(),
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    },
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** A stored answer's time (epoch ms), or null when absent, unreadable or storage refuses. */
export function readPromptTime(storage: StorageLike, key: string): number | null {
  try {
    const value = Number(storage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers an answer's time; when storage refuses (private mode, quota) the prompt may come back sooner, nothing else breaks. */
export function writePromptTime(storage: StorageLike, key: string, at: number): void {
  try {
    storage.setItem(key, String(at));
  } catch {
    // See above: nothing else depends on it.
  }
}

/** Whether `at` (null: never) lies less than `ms` before `now`. */
export const withinPrompt = (now: number, at: number | null, ms: number): boolean => at !== null && now - at < ms;

/**
 * What a check of the rules says: `'busy'` — a modal is in the way, checked
 * again in a second and the delay counts from now; `'stop'` — a rule ends the
 * attempt; a number — nothing may show before that time (epoch ms), the delay
 * counts from it; `null` — every rule allows the prompt.
 */
export type PromptCheck = 'busy' | 'stop' | number | null;

export interface PromptScheduleRules {
  clock: () => PromptClock;
  check: () => PromptCheck;
  /** When the prompt may open once every rule allows it, given when something was last in the way. */
  readyAt: (lastBusyAt: number) => number;
  open: () => void;
}

export interface PromptSchedule {
  /** Starts one attempt (cancelling a running one); the rules are first checked after `firstCheckMs`. */
  start: (firstCheckMs: number) => void;
  cancel: () => void;
}

/** One attempt at a time to show a prompt: re-checked until it opens or a rule ends the attempt. */
export function promptSchedule(rules: PromptScheduleRules): PromptSchedule {
  let timer: unknown = null;
  let lastBusyAt = 0;

  function cancel(): void {
    if (timer !== null) rules.clock().clearTimer(timer);
    timer = null;
  }

  function tick(): void {
    timer = null;
    const clock = rules.clock();
    const check = rules.check();
    if (check === 'busy') {
      lastBusyAt = clock.now();
      timer = clock.setTimer(tick, PROMPT_RECHECK_MS);
      return;
    }
    if (typeof check === 'number') {
      lastBusyAt = check;
      timer = clock.setTimer(tick, Math.max(PROMPT_RECHECK_MS, check - clock.now()));
      return;
    }
    if (check !== null) return;
    const wait = rules.readyAt(lastBusyAt) - clock.now();
    if (wait > 0) {
      timer = clock.setTimer(tick, Math.min(wait, PROMPT_RECHECK_MS));
      return;
    }
    rules.open();
  }

  return {
    start(firstCheckMs) {
      cancel();
      const clock = rules.clock();
      lastBusyAt = clock.now();
      timer = clock.setTimer(tick, firstCheckMs);
    },
    cancel,
  };
}
