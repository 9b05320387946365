import { modeForPath } from '../../lib/auth/modal-route.ts';
import { readStored } from '../../lib/storage.ts';

/**
 * The header's controls load on the visitor's first intent, not with the page
 * (issue 14: a legal page's whole JavaScript budget is 12 KB). The header is
 * plain HTML that already shows the session's controls (`html[data-session]`,
 * set before paint) and whose menus are native popovers; its code
 * (`index.ts`: the session, the auth/deposit/chat/notification openers) is
 * imported:
 * - at start for a signed-in player (balance, name, `auth/me`, live
 *   notifications), on a modal route (`/login`, `/register`,
 *   `/recover-pass`) and for an age-verified visitor (the register prompt);
 * - on the first pointer, touch, key or focus anywhere on the page;
 * - when another tab or the game frame signs in or out (`storage`).
 *
 * A click on a header control that lands before the code is ready is held
 * and replayed on the same element once it is (the openers listen on the
 * document), so the first click always opens what it should.
 */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The elements whose clicks the header code handles (the same selectors its modules listen for). */
export const HEADER_CONTROLS = '[data-auth-open], [data-auth-logout], [data-chat-open], [data-notifications-open], [data-deposit-open]';

let loading: Promise<void> | null = null;
let held: HTMLElement | null = null;

function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HEADER_CONTROLS) : null;
  if (!target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = target;
  void loadHeader();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === 'auth' || event.key === 'user') void loadHeader();
}

function needsHeaderNow(): boolean {
  return Boolean(readStored('auth')) || readStored('ageVerified') === true || modeForPath(location.pathname) !== null;
}

function disarm(): void {
  for (const type of INTENT) removeEventListener(type, onIntent, true);
  removeEventListener('storage', onStorage);
  document.removeEventListener('astro:after-swap', onSwap);
}

function onIntent(): void {
  void loadHeader();
}

function onSwap(): void {
  if (modeForPath(location.pathname) !== null) void loadHeader();
}

/** Imports and wires the header's code once; a held click is replayed afterwards. */
export function loadHeader(): Promise<void> {
  loading ??= import('./index.ts').then(
    (header) => {
      disarm();
      header.initHeader();
      document.removeEventListener('click', holdClick, true);
      const replay = held;
      held = null;
      if (replay?.isConnected) replay.click();
    },
    (error: unknown) => {
      // A failed load (offline, a deploy replaced the chunk) may be retried by the next intent.
      loading = null;
      held = null;
      throw error;
    },
  );
  return loading;
}

let started = false;

/** Arms the header once per full page load (ClientRouter swaps keep the listeners). */
export function initHeaderOnDemand(): void {
  if (started) return;
  started = true;
  document.addEventListener('click', holdClick, true);
  for (const type of INTENT) addEventListener(type, onIntent, { capture: true, passive: true });
  addEventListener('storage', onStorage);
  document.addEventListener('astro:after-swap', onSwap);
  if (needsHeaderNow()) void loadHeader().catch(() => undefined);
}
