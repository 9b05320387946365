import { atom, type ReadableAtom } from 'nanostores';

/**
 * Short messages in a corner of the screen (spec section 9), one model for
 * the whole site (docs/notifications.md, "Toasts"):
 *
 * - How long a toast stays depends on what it says: a plain message 4000 ms
 *   (the base), a success 5000 ms (the default for confirmations), a live
 *   notification — a title and a message — 6000 ms, and at most 1
 *   notification toast is on screen at a time so each gets read.
 * - At most 3 toasts are shown; more wait in a queue checked every 100 ms.
 * - Hovering (or focusing) a toast pauses its countdown.
 * - No toast lives longer than 20 s after it was raised, waiting or shown,
 *   hovered or not (checked each second): a stale toast never pops up late.
 *
 * The timers run only while some toast exists.
 */
export const TOAST_TIMING = {
  baseMs: 4000,
  successMs: 5000,
  notificationMs: 6000,
  /** Notification toasts on screen at once. */
  maxNotifications: 1,
  maxVisible: 3,
  queueCheckMs: 100,
  maxAgeMs: 20_000,
  ageCheckMs: 1000,
} as const;

export type ToastTone = 'info' | 'error' | 'success' | 'notification';

export interface ToastInput {
  tone?: ToastTone;
  /** Bold first line (a notification's title). */
  title?: string;
  text: string;
  /** Where a click on the toast leads. */
  href?: string;
  /** Overrides the tone's duration. */
  durationMs?: number;
}

/** What the toast island renders. */
export interface ToastView {
  id: number;
  tone: ToastTone;
  title?: string;
  text: string;
  href?: string;
}

interface Toast extends ToastView {
  createdAt: number;
  /** Display time left; counts down only while shown and not paused. */
  remainingMs: number;
  /** When the current countdown stretch started; null while waiting or paused. */
  runningSince: number | null;
}

const DURATIONS: Record<ToastTone, number> = {
  info: TOAST_TIMING.baseMs,
  error: TOAST_TIMING.baseMs,
  success: TOAST_TIMING.successMs,
  notification: TOAST_TIMING.notificationMs,
};

const $shown = atom<ToastView[]>([]);
/** The toasts on screen, oldest first (at most 3). */
export const $toasts: ReadableAtom<ToastView[]> = $shown;

let shown: Toast[] = [];
let waiting: Toast[] = [];
let nextId = 1;
let queueTimer: ReturnType<typeof setInterval> | undefined;
let ageTimer: ReturnType<typeof setInterval> | undefined;

function publish(): void {
  $shown.set(shown.map(({ id, tone, title, text, href }) => ({ id, tone, text, ...(title ? { title } : {}), ...(href ? { href } : {}) })));
}

function stopTimersWhenIdle(): void {
  if (shown.length > 0 || waiting.length > 0) return;
  clearInterval(queueTimer);
  clearInterval(ageTimer);
  queueTimer = undefined;
  ageTimer = undefined;
}

function startTimers(): void {
  queueTimer ??= setInterval(checkQueue, TOAST_TIMING.queueCheckMs);
  ageTimer ??= setInterval(dropStale, TOAST_TIMING.ageCheckMs);
}

function canShow(toast: Toast): boolean {
  if (shown.length >= TOAST_TIMING.maxVisible) return false;
  if (toast.tone !== 'notification') return true;
  return shown.filter((t) => t.tone === 'notification').length < TOAST_TIMING.maxNotifications;
}

/** Removes toasts whose time ran out and moves waiting ones on screen while there is room (every 100 ms). */
function checkQueue(): void {
  const now = Date.now();
  let changed = false;
  const before = shown.length;
  shown = shown.filter((t) => t.runningSince === null || t.remainingMs - (now - t.runningSince) > 0);
  if (shown.length !== before) changed = true;
  // First come, first shown; a notification waiting for the one on screen does not hold up other toasts.
  for (const toast of [...waiting]) {
    if (!canShow(toast)) continue;
    waiting = waiting.filter((t) => t !== toast);
    toast.runningSince = now;
    shown.push(toast);
    changed = true;
  }
  if (changed) publish();
  stopTimersWhenIdle();
}

/** Drops every toast raised 20 s ago or more, waiting or shown (every second). */
function dropStale(): void {
  const now = Date.now();
  const fresh = (t: Toast) => now - t.createdAt < TOAST_TIMING.maxAgeMs;
  const before = shown.length;
  waiting = waiting.filter(fresh);
  shown = shown.filter(fresh);
  if (shown.length !== before) publish();
  checkQueue();
}

/** Raises a toast; it shows at once when there is room, else when a place frees. Returns its id. */
export function showToast(input: ToastInput): number {
  const tone = input.tone ?? 'info';
  const toast: Toast = {
    id: nextId++,
    tone,
    text: input.text,
    ...(input.title ? { title: input.title } : {}),
    ...(input.href ? { href: input.href } : {}),
    createdAt: Date.now(),
    remainingMs: input.durationMs ?? DURATIONS[tone],
    runningSince: null,
  };
  waiting.push(toast);
  startTimers();
  checkQueue();
  return toast.id;
}

/** Closes a toast (the close button), shown or waiting. */
export function dismissToast(id: number): void {
  const before = shown.length;
  waiting = waiting.filter((t) => t.id !== id);
  shown = shown.filter((t) => t.id !== id);
  if (shown.length !== before) publish();
  checkQueue();
}

/** Hover or focus: freezes the toast's countdown (the 20 s limit still applies). */
export function pauseToast(id: number): void {
  const toast = shown.find((t) => t.id === id);
  if (!toast || toast.runningSince === null) return;
  toast.remainingMs -= Date.now() - toast.runningSince;
  toast.runningSince = null;
}

/** Pointer or focus left: the countdown goes on from where it stopped. */
export function resumeToast(id: number): void {
  const toast = shown.find((t) => t.id === id);
  if (toast && toast.runningSince === null) toast.runningSince = Date.now();
}

/** Removes every toast (sign-out, tests). */
export function clearToasts(): void {
  shown = [];
  waiting = [];
  publish();
  stopTimersWhenIdle();
}
