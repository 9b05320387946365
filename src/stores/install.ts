import { atom } from 'nanostores';
import {
  defaultPromptClock,
  PROMPT_CLOSED_AGAIN_MS,
  PROMPT_DENIED_AGAIN_MS,
  PROMPT_MODAL_DELAY_MS,
  PROMPT_RECHECK_MS,
  type PromptClock,
  promptSchedule,
  readPromptTime,
  withinPrompt,
  writePromptTime,
} from '../lib/prompt-rules.ts';

/**
 * The install prompt (spec sections 4 and 9; issue 20): the deferred
 * `beforeinstallprompt`, whether our install modal is visible, and whether
 * the site runs installed (display mode standalone). The modal is re-shown
 * on the push modal's rules (shared in src/lib/prompt-rules.ts): 24 h after
 * a close, 5 days after a refusal; never over another modal or during a
 * deposit; 5 s after the last modal closed. All browser access goes through `InstallEnvironment`
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
export const INSTALL_CLOSED_AGAIN_MS = PROMPT_CLOSED_AGAIN_MS;
/** …a refusal (our "Agora não" is a close; the browser's own prompt dismissed is a refusal) after 5 days. */
export const INSTALL_DENIED_AGAIN_MS = PROMPT_DENIED_AGAIN_MS;
/** The polite moment: not before the visitor has spent this long on the page. */
export const INSTALL_VISIT_MS = 30_000;
/** 5 s with no other modal before ours opens (the push modal's "5 s delay before the next modal"). */
export const INSTALL_MODAL_DELAY_MS = PROMPT_MODAL_DELAY_MS;
/** How often a modal in the way is re-checked. */
export const INSTALL_RECHECK_MS = PROMPT_RECHECK_MS;
export const INSTALL_STORAGE_KEYS = { closedAt: 'installModalClosedAt', deniedAt: 'installDeniedAt' } as const;

export type InstallBlocker = 'installed' | 'unavailable' | 'deniedRecently' | 'closedRecently' | 'otherModal';

export interface InstallEnvironment extends PromptClock {
  /** Display mode standalone (or iOS `navigator.standalone`). */
  standalone: () => boolean;
  /** Another modal, the deposit modal, or a game being played is on screen. */
  otherModalOpen: () => boolean;
}

const defaults: InstallEnvironment = {
  ...defaultPromptClock(),
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

const readTime = (key: string): number | null => readPromptTime(env.storage, key);
const writeTime = (key: string, at: number): void => writePromptTime(env.storage, key, at);
const within = (at: number | null, ms: number): boolean => withinPrompt(env.now(), at, ms);

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

const schedule = promptSchedule({
  clock: () => env,
  check: () => {
    const blocker = installModalBlocker();
    return blocker === 'otherModal' ? 'busy' : blocker === null ? null : 'stop';
  },
  readyAt: (lastBusyAt) => Math.max(lastBusyAt + INSTALL_MODAL_DELAY_MS, startedAt + INSTALL_VISIT_MS),
  open: () => patch({ modalVisible: true }),
});
function cancelSchedule(): void {
  schedule.cancel();
}

/** One attempt to show the modal: it opens at the polite moment unless a rule ends the attempt. */
export function scheduleInstallModal(): void {
  cancelSchedule();
  if ($install.get().modalVisible) return;
  schedule.start(INSTALL_RECHECK_MS);
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
