import { atom } from 'nanostores';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import type { AccountUser, AuthAnswer, SelfExclusionPeriod } from '../lib/auth/account-user.ts';
import { selfExclusionOf } from '../lib/auth/account-user.ts';
import { type AuthConfig, DEFAULT_AUTH_CONFIG } from '../lib/auth/auth-config.ts';
import type { AuthMode } from '../lib/auth/modal-route.ts';
import { readStored } from '../lib/storage.ts';
import { raiseRiskWarning } from './risk-warning.ts';
import { $session, signIn, signOut, updateSessionUser } from './session.ts';

export type { AuthMode } from '../lib/auth/modal-route.ts';

/**
 * Session transitions of spec section 4 and the login modal (section 2).
 * Islands render `$authModal`; everything that changes who the visitor is
 * goes through `completeSignIn` / `endSession`, which notify the features
 * that load or clear per-player data.
 */

/** Tenant settings for the auth islands (set once from `#auth-config`). */
export const $authConfig = atom<AuthConfig>(DEFAULT_AUTH_CONFIG);

export type AuthModalState = { open: false } | { open: true; mode: AuthMode };
export const $authModal = atom<AuthModalState>({ open: false });

/**
 * Opens the login modal in `mode`. Refused (false) when a player is logged in
 * or the modal is already open (spec sections 2 and 6).
 */
export function openLoginModal(mode: AuthMode = 'login'): boolean {
  if ($session.get().status === 'user' || $authModal.get().open) return false;
  $authModal.set({ open: true, mode });
  return true;
}

/** Moves an open modal to another mode (the links between login, register and recovery). */
export function switchAuthMode(mode: AuthMode): void {
  if ($authModal.get().open) $authModal.set({ open: true, mode });
}

export function closeLoginModal(): void {
  if ($authModal.get().open) $authModal.set({ open: false });
}

/** Dates of the last refusal for self-exclusion (login refused, or the player just excluded themself). */
export const $selfExclusion = atom<SelfExclusionPeriod | null>(null);

/** Spec section 9: the user's realtime channels are joined 1 s after login. */
export const USER_REALTIME_DELAY_MS = 1000;

type SignedInListener = (user: AccountUser) => void;
const signedIn = new Set<SignedInListener>();
const realtimeReady = new Set<SignedInListener>();
const signedOut = new Set<() => void>();
let realtimeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Runs after every login, register, Google login and successful `auth/me`.
 * Per-player data (wallet, recents, ranking, notifications) follows
 * `$session` in its own store instead (docs/site.md, "Realtime").
 * Returns an unsubscribe function.
 */
export function onSignedIn(listener: SignedInListener): () => void {
  signedIn.add(listener);
  return () => signedIn.delete(listener);
}

/** Runs 1 s after a sign-in: join the user's realtime channels and leave the guest channel. */
export function onUserRealtime(listener: SignedInListener): () => void {
  realtimeReady.add(listener);
  return () => realtimeReady.delete(listener);
}

/** Runs after logout or a forced return to guest: clear recents, leave realtime channels… */
export function onSignedOut(listener: () => void): () => void {
  signedOut.add(listener);
  return () => signedOut.delete(listener);
}

function announceSignedIn(user: AccountUser): void {
  for (const listener of signedIn) listener(user);
  if (realtimeTimer !== undefined) clearTimeout(realtimeTimer);
  realtimeTimer = setTimeout(() => {
    realtimeTimer = undefined;
    const session = $session.get();
    if (session.status !== 'user') return;
    for (const listener of realtimeReady) listener(session.user as AccountUser);
  }, USER_REALTIME_DELAY_MS);
}

/** Guest → logged in: stores token and user, raises the risk warning, closes the modal, notifies the features. */
export function completeSignIn(token: string, user: AccountUser): void {
  signIn(token, user);
  $selfExclusion.set(null);
  // Every login shows the risk warning again (Portaria SPA/MF 1.231/2024 art. 4).
  raiseRiskWarning();
  closeLoginModal();
  announceSignedIn(user);
}

/** Back to guest (token and user cleared) and notify the features. */
export function endSession(): void {
  if (realtimeTimer !== undefined) clearTimeout(realtimeTimer);
  realtimeTimer = undefined;
  signOut();
  for (const listener of signedOut) listener();
}

/**
 * Treats a failed login-like call: a self-exclusion refusal (403 with
 * `selfExcluded`) clears the token and keeps the dates in `$selfExclusion`.
 * Returns true when it was one.
 */
export function handleSelfExclusionRefusal(error: unknown): boolean {
  const period = error instanceof ApiError && error.status === 403 ? selfExclusionOf(error.data) : null;
  if (!period) return false;
  if ($session.get().status === 'user') endSession();
  $selfExclusion.set(period);
  return true;
}

/** `POST /auth/google {idToken, reference_code?}` → signed in (a new account is linked to the stored `ref`'s owner). Throws the ApiError (self-exclusion handled first). */
export async function loginWithGoogle(idToken: string): Promise<void> {
  try {
    const ref = readStored('ref');
    const answer = await api.post<AuthAnswer>('/auth/google', { idToken, ...(ref ? { reference_code: ref } : {}) });
    completeSignIn(answer.token, answer.data);
  } catch (error) {
    handleSelfExclusionRefusal(error);
    throw error;
  }
}

/**
 * At start, with a stored token: `GET /auth/me` refreshes the user; 401 or
 * 403 returns to guest (token cleared). Other failures (offline) keep the
 * stored session.
 */
export async function restoreSession(): Promise<void> {
  if ($session.get().status !== 'user') return;
  try {
    const { data } = await api.get<{ data: AccountUser }>('/auth/me');
    updateSessionUser(data);
    announceSignedIn(data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) endSession();
  }
}

/**
 * True from "Sair" until the next page is swapped in: the session flips to
 * guest before the page leaves, and islands that greet a visitor with the
 * login modal (account pages, favourites) must not take that for a visitor
 * arriving (issue 15: "Sair" opened the login modal by itself).
 */
let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

/**
 * Logout (spec section 4): `GET /auth/logout` revokes the token server-side;
 * locally the session ends whatever the call answers, then `goHome` runs.
 */
export async function logout(goHome: () => void): Promise<void> {
  loggingOut = true;
  document.addEventListener('astro:after-swap', () => (loggingOut = false), { once: true });
  try {
    if ($session.get().status === 'user') await api.get('/auth/logout');
  } catch {
    // An expired or already revoked token: the local logout below is what matters.
  } finally {
    endSession();
    goHome();
  }
}

/** Keeps `$session`'s user in step with an answer that returns the updated user. */
export function adoptUser(user: AccountUser): void {
  updateSessionUser(user);
}
