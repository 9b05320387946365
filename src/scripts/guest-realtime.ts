import { ensureGuestId } from '../lib/guest-id.ts';
import { readStored } from '../lib/storage.ts';
import { firstTime, onEveryPage } from './lifecycle.ts';

/** What counts as the visitor's first interaction with a page. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

let armed = false;

/** Joins the guest channel (loading the realtime client) unless a player is signed in by then. */
function join(): void {
  armed = false;
  for (const type of INTERACTIONS) removeEventListener(type, join);
  if (readStored('auth')) return;
  void import('../lib/auth/user-realtime.ts').then((m) => m.joinGuestChannel(ensureGuestId())).catch(() => undefined);
}

/**
 * Spec section 4: "Guests join a guest channel with their guest id". The
 * realtime client is heavier than a legal page's whole JavaScript budget, so
 * a visitor joins on the first interaction, never during the page load. A
 * signed-in player is connected by the session effects instead; after a
 * logout the next page arms the guest again.
 */
export function initGuestRealtime(): void {
  if (!firstTime('guest-realtime')) return;
  onEveryPage(() => {
    if (armed || readStored('auth')) return;
    armed = true;
    for (const type of INTERACTIONS) addEventListener(type, join, { passive: true });
  });
}
