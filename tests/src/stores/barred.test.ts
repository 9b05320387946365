// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from './auth-fake-api.ts';

/** The barred player's banner reads the bar from the session's user (`/auth/me`, each login). */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

describe('$barred', () => {
  it('is the session user’s bar, null for a guest and for a player not barred', async () => {
    const { $barred } = await import('../../../src/stores/barred.ts');
    const session = await import('../../../src/stores/session.ts');
    expect($barred.get()).toBeNull();
    session.signIn('tok', { ...USER, barred: null } as never);
    expect($barred.get()).toBeNull();
    const bar = { barred_at: '2026-11-26T12:00:00.000Z', closes_at: '2026-12-26T12:00:00.000Z' };
    session.updateSessionUser({ ...USER, barred: bar } as never);
    expect($barred.get()).toEqual(bar);
    session.signOut();
    expect($barred.get()).toBeNull();
  });

  it('writes the closing date in Brasília time in the page’s language', async () => {
    const { closingDate } = await import('../../../src/stores/barred.ts');
    expect(closingDate('2026-12-26T12:00:00.000Z', 'pt')).toBe('26/12/2026, 09:00');
    expect(closingDate('2026-12-26T12:00:00.000Z', 'en')).toBe('Dec 26, 2026, 9:00 AM');
  });
});
