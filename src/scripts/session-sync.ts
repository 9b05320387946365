import { $session, readSession, type Session } from '../stores/session.ts';

/**
 * Keeps every document of this origin on one session. The game page loads
 * `/casino/play` in a same-origin iframe, and both documents (like other
 * tabs) read the session from the same local-storage keys, `auth` and
 * `user`: a login, register, logout or balance change written by one fires
 * a `storage` event in the others, which then adopt what is stored. Nothing
 * is written back, so two documents cannot bounce an update between them.
 *
 * `session-follow.ts` (boot) listens for `storage` events on those keys (`key`
 * null is a `localStorage.clear()`; the event never fires in the document
 * that wrote) and loads this module on the first one.
 */

export type SessionChange = 'signed-in' | 'signed-out' | 'user-updated' | 'none';

/** How the stored session differs from the one a page shows. A new token is a new sign-in (another player, or the same one again). */
export function sessionChange(shown: Session, stored: Session): SessionChange {
  if (stored.status === 'guest') return shown.status === 'user' ? 'signed-out' : 'none';
  if (shown.status === 'guest' || shown.token !== stored.token) return 'signed-in';
  return JSON.stringify(shown.user) === JSON.stringify(stored.user) ? 'none' : 'user-updated';
}

/** The top document runs the session's side effects (realtime channels); a frame leaves them to it. */
function isTopDocument(): boolean {
  return globalThis.window !== undefined && window.top === window;
}

/** What this page's own start-up does with a stored token: fresh user from `auth/me`, realtime channels; and no login modal left open. */
async function afterSignIn(token: string): Promise<void> {
  const [auth, effects] = await Promise.all([import('../stores/auth.ts'), import('../islands/auth/session-effects.ts')]);
  const session = $session.get();
  if (session.status !== 'user' || session.token !== token) return;
  auth.closeLoginModal();
  if (!isTopDocument()) return;
  effects.installSessionEffects();
  await auth.restoreSession();
}

/** Runs the sign-out listeners (leave realtime channels…), unless someone signed in again meanwhile. */
async function afterSignOut(): Promise<void> {
  const auth = await import('../stores/auth.ts');
  if (readSession().status === 'guest') auth.endSession();
}

/**
 * Adopts the stored session when it differs from the shown one: `$session`
 * changes at once (the header's name and balance, the play page's mode
 * follow it), then the sign-in or sign-out side effects run. Returns what
 * changed.
 */
export function adoptStoredSession(): SessionChange {
  const stored = readSession();
  const change = sessionChange($session.get(), stored);
  if (change === 'none') return change;
  $session.set(stored);
  if (change === 'signed-in' && stored.status === 'user') void afterSignIn(stored.token).catch(() => undefined);
  if (change === 'signed-out') void afterSignOut().catch(() => undefined);
  return change;
}
