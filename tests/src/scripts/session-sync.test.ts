// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionChange } from '../../../src/scripts/session-sync.ts';
import { fakeApi, USER } from '../stores/auth-fake-api.ts';

/**
 * The game frame and the page around it (same origin) share one session
 * through local storage. A `storage` event only reaches the documents that
 * did NOT write, so these tests write as "the other document" would (plain
 * localStorage) and dispatch the event this document would receive.
 *
 * One module instance for the whole file: `session-follow.ts` (run by the
 * boot script) starts the listener (that is the code under test), and a
 * fresh instance per test would leave the earlier instances' listeners on
 * `window`.
 */
const session = await import('../../../src/stores/session.ts');
const auth = await import('../../../src/stores/auth.ts');
(await import('../../../src/scripts/session-follow.ts')).initSessionFollow();

const OTHER_USER = { ...USER, id: 8, name: 'João Souza', wallet: { balance: 5_000, balance_withdrawal: 5_000, deposit_count: 1 } };
const ME = { ...OTHER_USER, name: 'João Souza (me)', wallet: { balance: 4_000, balance_withdrawal: 4_000, deposit_count: 1 } };

/**
 * What another document's `signIn` / `signOut` leaves in storage, and the
 * events this one receives; resolves once this page's handler (loaded on
 * demand by session-follow.ts) has run.
 */
async function otherDocumentWrites(values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value === null ? null : String(value) }));
  }
  await import('../../../src/scripts/session-sync.ts');
  await new Promise((r) => setTimeout(r, 0));
}

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  // Let the listener's dynamic import of the sync module complete.
  await vi.waitFor(async () => {
    localStorage.setItem('auth', 'probe');
    localStorage.setItem('user', JSON.stringify(USER));
    fakeApi({ 'GET /auth/me': () => ({ json: { data: USER } }) });
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
    expect(session.$session.get().status).toBe('user');
  });
  await settle();
});

beforeEach(() => {
  localStorage.clear();
  auth.endSession();
  auth.closeLoginModal();
});

afterEach(() => vi.unstubAllGlobals());

describe('sessionChange', () => {
  const guest = { status: 'guest' as const, guestId: 'guest-1' };
  const user = (token: string, name = 'Maria') => ({ status: 'user' as const, token, user: { id: 7, name } });
  it('tells a sign-in (new token), a sign-out, a changed user and no change apart', () => {
    expect(sessionChange(guest, user('a'))).toBe('signed-in');
    expect(sessionChange(user('a'), user('b'))).toBe('signed-in');
    expect(sessionChange(user('a'), guest)).toBe('signed-out');
    expect(sessionChange(user('a'), user('a', 'Maria S.'))).toBe('user-updated');
    expect(sessionChange(user('a'), user('a'))).toBe('none');
    expect(sessionChange(guest, { ...guest, guestId: 'guest-2' })).toBe('none');
  });
});

describe('a login in another document (the game frame)', () => {
  it('shows the new player here, closes this page\'s login modal, then refreshes the user with auth/me', async () => {
    const api = fakeApi({ 'GET /auth/me': () => ({ json: { data: ME } }) });
    auth.openLoginModal('login');
    await otherDocumentWrites({ auth: 'tok-frame', user: OTHER_USER });
    expect(session.$session.get()).toMatchObject({ status: 'user', token: 'tok-frame' });
    await vi.waitFor(() => expect(session.$session.get()).toMatchObject({ user: { name: 'João Souza (me)' } }));
    expect(auth.$authModal.get().open).toBe(false);
    const me = api.calls.filter((c) => c.path === '/auth/me');
    expect(me).toHaveLength(1);
    expect(me[0]!.headers.get('authorization')).toBe('Bearer tok-frame');
  });

  it('inside a frame only adopts the session (the page around it refreshes and joins realtime)', async () => {
    // This document is a frame: its top window is another one.
    Object.defineProperty(window, 'top', { configurable: true, get: () => ({}) });
    try {
      const api = fakeApi({ 'GET /auth/me': () => ({ json: { data: ME } }) });
      auth.openLoginModal('login');
      await otherDocumentWrites({ auth: 'tok-parent', user: OTHER_USER });
      expect(session.sessionToken()).toBe('tok-parent');
      await vi.waitFor(() => expect(auth.$authModal.get().open).toBe(false));
      await settle();
      expect(api.calls).toEqual([]);
    } finally {
      Reflect.deleteProperty(window, 'top');
    }
  });

  it('a balance written by the other document (a real-money round) reaches this page without any call', async () => {
    const api = fakeApi({});
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(OTHER_USER));
    session.$session.set(session.readSession());
    const { $wallet } = await import('../../../src/stores/wallet.ts');
    await otherDocumentWrites({ user: { ...OTHER_USER, wallet: { balance: 4_100, balance_withdrawal: 4_100, deposit_count: 1 } } });
    expect($wallet.get()?.balance).toBe(4_100);
    await settle();
    expect(api.calls).toEqual([]);
  });

  it('ignores keys that are not the session, and a user without a token (no session yet)', async () => {
    const api = fakeApi({});
    const before = session.$session.get();
    await otherDocumentWrites({ ref: 'abc' });
    expect(session.$session.get()).toBe(before);
    await otherDocumentWrites({ user: OTHER_USER });
    expect(session.$session.get()).toBe(before);
    await settle();
    expect(api.calls).toEqual([]);
  });
});

describe('a logout in another document', () => {
  it('returns this page to guest and runs the sign-out listeners', async () => {
    fakeApi({});
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(OTHER_USER));
    session.$session.set(session.readSession());
    const signedOut = vi.fn();
    const stop = auth.onSignedOut(signedOut);
    await otherDocumentWrites({ auth: null, user: null });
    expect(session.$session.get().status).toBe('guest');
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    stop();
  });

  it('a logout followed at once by another login ends with the new player (the late sign-out does not clear it)', async () => {
    fakeApi({ 'GET /auth/me': () => ({ json: { data: ME } }) });
    localStorage.setItem('auth', 'tok-old');
    localStorage.setItem('user', JSON.stringify(USER));
    session.$session.set(session.readSession());
    await otherDocumentWrites({ auth: null, user: null });
    await otherDocumentWrites({ auth: 'tok-new', user: OTHER_USER });
    await settle();
    await settle();
    expect(session.sessionToken()).toBe('tok-new');
    expect(localStorage.getItem('auth')).toBe('tok-new');
  });
});
