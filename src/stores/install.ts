import { atom } from 'nanostores';
import type { StorageLike } from '../lib/storage.ts';

/**
 * The install prompt (spec sections 4 and 9; issue 20): the deferred
 * `beforeinstallprompt`, whether our install modal is visible, and whether
 * the site runs installed (display mode standalone). The modal is re-shown
 * on the push modal's rules (src/stores/push.ts): 24 h after a close, 5 days
 * after a refusal; never over another modal or during a deposit; 5 s after
 * the last modal closed. All browser access goes through `InstallEnvironment`
 * so the rules are tested with a fake clock, storage and browser.
 */

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The deferred prompt, kept from `beforeinstallprompt` until used (a prompt shows once). */
  deferred: BeforeInstallPromptEvent | null;
  /** Our install modal is on screen. */
  modalVisible: boolean;
  /** Running as the installed app, or installed from this page (`appinstalled`). */
  installed: boolean;
  /** iOS Safari: no prompt event; the modal leads to `/ios` instead. */
  manual: boolean;
}

/** A closed modal shows again after 24 h (as the push modal)… */
export const INSTALL_CLOSED_AGAIN_MS = 24 * 60 * 60 * 1000;
/** …a refusal (our "Agora não" is a close; the browser's own prompt dismissed is a refusal) after 5 days. */
export const INSTALL_DENIED_AGAIN_MS = 5 * 24 * 60 * 60 * 1000;
/** The polite moment: not before the visitor has spent this long on the page. */
export const INSTALL_VISIT_MS = 30_000;
/** 5 s with no other modal before ours opens (the push modal's "5 s delay before the next modal"). */
export const INSTALL_MODAL_DELAY_MS = 5000;
/** How often a modal in the way is re-checked. */
export const INSTALL_RECHECK_MS = 1000;
export const INSTALL_STORAGE_KEYS = { closedAt: 'installModalClosedAt', deniedAt: 'installDeniedAt' } as const;

export type InstallBlocker = 'installed' | 'unavailable' | 'deniedRecently' | 'closedRecently' | 'otherModal';

export interface InstallEnvironment {
  now: () => number;
  storage: StorageLike;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Display mode standalone (or iOS `navigator.standalone`). */
  standalone: () => boolean;
  /** Another modal, the deposit modal, or a game being played is on screen. */
  otherModalOpen: () => boolean;
}

const memory = new Map<string, string>();
const defaults: InstallEnvironment = {
  now: () => Date.now(),
  storage: {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  },
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  standalone: () => false,
  otherModalOpen: () => false,
};
let env: InstallEnvironment = defaults;
/** When this page started (epoch ms): the polite moment counts from it. */
let startedAt = 0;

export const $install = atom<InstallState>({ deferred: null, modalVisible: false, installed: false, manual: false });

function patch(change: Partial<InstallState>): void {
  $install.set({ ...$install.get(), ...change });
}

/** Sets the browser access (scripts/install-prompt.ts) or a test's fakes, and restarts the page's clock. */
export function configureInstall(overrides: Partial<InstallEnvironment>, manual = false): void {
  env = { ...defaults, ...overrides };
  startedAt = env.now();
  cancelSchedule();
  $install.set({ deferred: null, modalVisible: false, installed: env.standalone(), manual });
}

function readTime(key: string): number | null {
  try {
    const value = Number(env.storage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeTime(key: string, at: number): void {
  try {
    env.storage.setItem(key, String(at));
  } catch {
    // Storage refused: the modal may come back sooner; nothing else breaks.
  }
}

const within = (at: number | null, ms: number): boolean => at !== null && env.now() - at < ms;

/** The rule keeping the modal away now, or null when it may show. */
export function installModalBlocker(): InstallBlocker | null {
  const state = $install.get();
  if (state.installed || env.standalone()) return 'installed';
  if (!state.deferred && !state.manual) return 'unavailable';
  if (within(readTime(INSTALL_STORAGE_KEYS.deniedAt), INSTALL_DENIED_AGAIN_MS)) return 'deniedRecently';
  if (within(readTime(INSTALL_STORAGE_KEYS.closedAt), INSTALL_CLOSED_AGAIN_MS)) return 'closedRecently';
  if (env.otherModalOpen()) return 'otherModal';
  return null;
}

let timer: unknown = null;
let lastBusyAt = 0;

function cancelSchedule(): void {
  if (timer !== null) env.clearTimer(timer);
  timer = null;
}

function tick(): void {
  timer = null;
  const blocker = installModalBlocker();
  if (blocker === 'otherModal') {
    lastBusyAt = env.now();
    timer = env.setTimer(tick, INSTALL_RECHECK_MS);
    return;
  }
  if (blocker !== null) return;
  const wait = Math.max(lastBusyAt + INSTALL_MODAL_DELAY_MS, startedAt + INSTALL_VISIT_MS) - env.now();
  if (wait > 0) {
    timer = env.setTimer(tick, Math.min(wait, INSTALL_RECHECK_MS));
    return;
  }
  patch({ modalVisible: true });
}

/** One attempt to show the modal: it opens at the polite moment unless a rule ends the attempt. */
export function scheduleInstallModal(): void {
  cancelSchedule();
  if ($install.get().modalVisible) return;
  lastBusyAt = env.now();
  timer = env.setTimer(tick, INSTALL_RECHECK_MS);
}

/** `beforeinstallprompt`: the browser would install; the event is kept and the modal scheduled. */
export function deferInstallPrompt(event: BeforeInstallPromptEvent): void {
  patch({ deferred: event });
  scheduleInstallModal();
}

/** `appinstalled` (or standalone detected later): stop asking. */
export function markInstalled(): void {
  cancelSchedule();
  patch({ installed: true, modalVisible: false, deferred: null });
}

/** "Agora não" or the close button: back after 24 h. */
export function closeInstallModal(): void {
  if (!$install.get().modalVisible) return;
  writeTime(INSTALL_STORAGE_KEYS.closedAt, env.now());
  patch({ modalVisible: false });
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/**
 * "Instalar": the browser's own prompt (the modal's button and the
 * `/install` pages' button). Accepted → installed; dismissed → asked again
 * after 5 days. The prompt can be shown once: the event is dropped either way.
 */
export async function promptInstall(): Promise<InstallOutcome> {
  const { deferred } = $install.get();
  if (!deferred) return 'unavailable';
  cancelSchedule();
  patch({ deferred: null, modalVisible: false });
  let outcome: 'accepted' | 'dismissed' = 'dismissed';
  try {
    await deferred.prompt();
    outcome = (await deferred.userChoice).outcome;
  } catch {
    // A prompt that cannot show (already used, not allowed now) counts as a refusal.
  }
  if (outcome === 'accepted') markInstalled();
  else writeTime(INSTALL_STORAGE_KEYS.deniedAt, env.now());
  return outcome;
}
