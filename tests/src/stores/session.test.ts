// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

const load = () => import('../../../src/stores/session.ts');

describe('$session', () => {
  it('starts as a guest with a guest id created once and stored under guest_id', async () => {
    const { $session } = await load();
    const session = $session.get();
    expect(session.status).toBe('guest');
    const guestId = session.status === 'guest' ? session.guestId : '';
    expect(guestId).toMatch(/^guest-[0-9a-f]{32}$/);
    expect(localStorage.getItem('guest_id')).toBe(guestId);
    vi.resetModules();
    const again = await load();
    expect(again.$session.get()).toEqual({ status: 'guest', guestId });
  });

  it('restores a logged-in player from the auth token and stored user', async () => {
    localStorage.setItem('auth', 'tok-1');
    localStorage.setItem('user', JSON.stringify({ id: 3, name: 'Caio' }));
    const { $session, sessionToken } = await load();
    expect($session.get()).toEqual({ status: 'user', token: 'tok-1', user: { id: 3, name: 'Caio' } });
    expect(sessionToken()).toBe('tok-1');
  });

  it('treats a token without a user as a guest', async () => {
    localStorage.setItem('auth', 'tok-orphan');
    const { $session } = await load();
    expect($session.get().status).toBe('guest');
  });

  it('signIn stores token and user; signOut clears them and keeps the guest id', async () => {
    const { $session, signIn, signOut, updateSessionUser } = await load();
    const guest = $session.get();
    signIn('tok-2', { id: 9, name: 'Duda' });
    expect(localStorage.getItem('auth')).toBe('tok-2');
    updateSessionUser({ id: 9, name: 'Duda Lima' });
    expect($session.get()).toMatchObject({ status: 'user', user: { name: 'Duda Lima' } });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ id: 9, name: 'Duda Lima' });
    signOut();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect($session.get()).toEqual(guest);
  });
});
