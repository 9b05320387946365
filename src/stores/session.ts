import { atom } from 'nanostores';
import { ensureGuestId } from '../lib/guest-id.ts';
import type { SessionUser } from '../lib/session-user.ts';
import { readStored, removeStored, writeStored } from '../lib/storage.ts';

/**
 * Who the visitor is (spec sections 4 and 6). A guest always has a guest id
 * (sent as `Guest-ID`); a user has a bearer token (sent as `Authorization`).
 */
export type Session =
  | { status: 'guest'; guestId: string }
  | { status: 'user'; token: string; user: SessionUser };

/** Rebuilds the session from local storage: a user needs both a token and a stored user. */
export function readSession(): Session {
  const token = readStored('auth');
  const user = readStored('user');
  if (token && user) return { status: 'user', token, user };
  return { status: 'guest', guestId: ensureGuestId() };
}

export const $session = atom<Session>(readSession());

/** Guest → logged in (after login, register, Google login or a successful auth/me). */
export function signIn(token: string, user: SessionUser): void {
  writeStored('auth', token);
  writeStored('user', user);
  $session.set({ status: 'user', token, user });
}

/** Replaces the stored user of a logged-in session (e.g. after auth/me or a profile update). */
export function updateSessionUser(user: SessionUser): void {
  const current = $session.get();
  if (current.status !== 'user') return;
  writeStored('user', user);
  $session.set({ ...current, user });
}

/** Back to guest: clears token and user, keeps (or creates) the guest id. */
export function signOut(): void {
  removeStored('auth');
  removeStored('user');
  $session.set({ status: 'guest', guestId: ensureGuestId() });
}

/** The bearer token, or null for a guest. */
export function sessionToken(): string | null {
  const session = $session.get();
  return session.status === 'user' ? session.token : null;
}
