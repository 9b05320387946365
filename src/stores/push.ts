import { atom } from 'nanostores';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { PUSH_MESSAGES, type SubscribeOutcome } from '../lib/push/subscribe.ts';
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
import { $depositOpen } from './deposit.ts';
import { $session } from './session.ts';
import { $welcome } from './welcome.ts';

/**
 * The push-permission modal (spec sections 4 and 9): when it may show, the
 * player's answer, and when it may show again (the timing rules shared with
 * the install modal live in src/lib/prompt-rules.ts). All browser access goes
 * through `PushEnvironment` so the rules are tested with a fake clock,
 * storage and browser.
 */

/** The browser's notification permission (spec: default, granted, denied). */
export type PushPermission = 'default' | 'granted' | 'denied';

/** A closed modal shows again after 24 h… */
export const PUSH_CLOSED_AGAIN_MS = PROMPT_CLOSED_AGAIN_MS;
/** …a denial after 5 days. */
export const PUSH_DENIED_AGAIN_MS = PROMPT_DENIED_AGAIN_MS;
/**
 * Never in a new account's first 10 minutes (issue 15: right after sign-up
 * the player's next step is a deposit). Counted from the account's creation
 * time given by the platform (`created_at`), so every browser agrees.
 */
export const PUSH_NEW_ACCOUNT_MS = 10 * 60 * 1000;
/** The modal waits 5 s after sign-in and after any other modal closed before it opens. */
export const PUSH_MODAL_DELAY_MS = PROMPT_MODAL_DELAY_MS;
/** How often a modal in the way is re-checked. */
export const PUSH_RECHECK_MS = PROMPT_RECHECK_MS;
/** Local storage keys of the last close and the last denial (epoch ms). */
export const PUSH_STORAGE_KEYS = { closedAt: 'pushModalClosedAt', deniedAt: 'pushDeniedAt' } as const;

export type PushModalState = { open: false } | { open: true; busy: boolean };
export type PushOutcome = { tone: 'success' | 'error'; message: Message };

/** Why the modal may not show now; the first two pass (re-checked), the rest end the attempt. */
export type PushBlocker =
  | 'depositOpen'
  | 'otherModal'
  | 'signedOut'
  | 'unsupported'
  | 'granted'
  | 'notInstalled'
  | 'newAccount'
  | 'deniedRecently'
  | 'closedRecently';

export const $pushModal = atom<PushModalState>({ open: false });
export const $pushPermission = atom<PushPermission>('default');
/** The result of the last subscription attempt, shown by the island as a toast, then cleared. */
export const $pushOutcome = atom<PushOutcome | null>(null);

export interface PushEnvironment extends PromptClock {
  /** Notification, service worker and push manager support. */
  supported: () => boolean;
  permission: () => PushPermission;
  mobile: () => boolean;
  /** Running as the installed app (display mode standalone). */
  standalone: () => boolean;
  /** Some other modal (`<dialog open>`) is on screen. */
  otherModalOpen: () => boolean;
  subscribe: () => Promise<SubscribeOutcome>;
  /** Tells the platform the player closed or refused the modal (kept for every device); never rejects. */
  recordAnswer: (answer: 'closed' | 'denied') => Promise<void>;
}

const defaults: PushEnvironment = {
  ...defaultPromptClock(),
  supported: () => false,
  permission: () => 'default',
  mobile: () => false,
  standalone: () => false,
  otherModalOpen: () => false,
  subscribe: async () => ({ status: 'failed', message: keyMessage(PUSH_MESSAGES.unsupported) }),
  recordAnswer: async () => undefined,
};
let env: PushEnvironment = defaults;

/** Sets the browser access (islands/push/start.ts) or a test's fakes; unspecified parts keep their defaults. */
export function configurePush(overrides: Partial<PushEnvironment>): void {
  env = { ...defaults, ...overrides };
}

const readTime = (key: string): number | null => readPromptTime(env.storage, key);
const writeTime = (key: string, at: number): void => writePromptTime(env.storage, key, at);

/** An ISO time from the platform as epoch ms, or null. */
function isoTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/** The later of this browser's time and the platform's (the player's answer on any device). */
function latest(key: string, server: string | null | undefined): number | null {
  const local = readTime(key);
  const remote = isoTime(server);
  return local === null ? remote : remote === null ? local : Math.max(local, remote);
}

const within = (at: number | null, ms: number): boolean => withinPrompt(env.now(), at, ms);

/** When the signed-in account stops being new (epoch ms), or null when unknown. */
function newAccountEndsAt(): number | null {
  const session = $session.get();
  if (session.status !== 'user') return null;
  const created = isoTime(session.user.created_at);
  return created === null ? null : created + PUSH_NEW_ACCOUNT_MS;
}

/** The rule (spec section 4) keeping the modal away right now, or null when it may show. */
export function pushModalBlocker(): PushBlocker | null {
  const session = $session.get();
  if (session.status !== 'user') return 'signedOut';
  if (!env.supported()) return 'unsupported';
  const permission = env.permission();
  $pushPermission.set(permission);
  if (permission === 'granted') return 'granted';
  if (env.mobile() && !env.standalone()) return 'notInstalled';
  const grownUp = newAccountEndsAt();
  if (grownUp !== null && env.now() < grownUp) return 'newAccount';
  const prompt = session.user.push_prompt;
  if (within(latest(PUSH_STORAGE_KEYS.deniedAt, prompt?.denied_at), PUSH_DENIED_AGAIN_MS)) return 'deniedRecently';
  if (within(latest(PUSH_STORAGE_KEYS.closedAt, prompt?.closed_at), PUSH_CLOSED_AGAIN_MS)) return 'closedRecently';
  if ($depositOpen.get()) return 'depositOpen';
  // The welcome after sign-up counts as a modal: the two never show together.
  if (env.otherModalOpen() || $welcome.get().shown) return 'otherModal';
  return null;
}

const schedule = promptSchedule({
  clock: () => env,
  check: () => {
    const blocker = pushModalBlocker();
    if (blocker === 'depositOpen' || blocker === 'otherModal') return 'busy';
    // Try again once the account is old enough (if the player is still here); the usual 5 s delay follows.
    if (blocker === 'newAccount') return newAccountEndsAt() ?? env.now();
    return blocker === null ? null : 'stop';
  },
  readyAt: (lastBusyAt) => lastBusyAt + PUSH_MODAL_DELAY_MS,
  open: () => $pushModal.set({ open: true, busy: false }),
});

function cancelSchedule(): void {
  schedule.cancel();
}

/**
 * Starts one attempt to show the modal (after each sign-in): it opens once
 * every rule allows it and no other modal has been open for 5 s; a rule
 * other than a modal in the way ends the attempt. Signing out cancels it.
 */
export function schedulePushModal(): void {
  cancelSchedule();
  if ($pushModal.get().open) return;
  schedule.start(PUSH_MODAL_DELAY_MS);
}

$session.listen((session) => {
  if (session.status === 'user') return;
  cancelSchedule();
  if ($pushModal.get().open) $pushModal.set({ open: false });
});

/** "Not now" or the close button: the modal comes back after 24 h. */
export function closePushModal(): void {
  const state = $pushModal.get();
  if (!state.open || state.busy) return;
  writeTime(PUSH_STORAGE_KEYS.closedAt, env.now());
  void env.recordAnswer('closed');
  $pushModal.set({ open: false });
}

/**
 * "Turn on": asks permission and subscribes. Whatever happens the modal
 * closes and `$pushOutcome` says how it went. A refusal is remembered for
 * 5 days; a failed subscription counts as a close (back after 24 h).
 */
export async function allowPush(): Promise<void> {
  const state = $pushModal.get();
  if (!state.open || state.busy) return;
  if (!env.supported()) {
    $pushModal.set({ open: false });
    $pushOutcome.set({ tone: 'error', message: keyMessage(PUSH_MESSAGES.unsupported) });
    return;
  }
  $pushModal.set({ open: true, busy: true });
  let outcome: SubscribeOutcome;
  try {
    outcome = await env.subscribe();
  } catch {
    // subscribeToPush never throws; this guards the modal against staying busy if a replacement does.
    outcome = { status: 'failed', message: keyMessage(PUSH_MESSAGES.subscribeFailed) };
  }
  if (outcome.status === 'denied') {
    writeTime(PUSH_STORAGE_KEYS.deniedAt, env.now());
    void env.recordAnswer('denied');
    $pushPermission.set(env.permission() === 'default' ? 'default' : 'denied');
  } else if (outcome.status === 'failed') {
    writeTime(PUSH_STORAGE_KEYS.closedAt, env.now());
    void env.recordAnswer('closed');
  } else {
    $pushPermission.set('granted');
  }
  $pushModal.set({ open: false });
  $pushOutcome.set({ tone: outcome.status === 'subscribed' ? 'success' : 'error', message: outcome.message });
}

/** The island took the outcome (toast shown). */
export function clearPushOutcome(): void {
  $pushOutcome.set(null);
}
