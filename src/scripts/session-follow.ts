import { firstTime } from './lifecycle.ts';

/**
 * The game frame (same origin) and other tabs share the stored session:
 * this page follows their logins and logouts (`session-sync.ts`). The
 * handler loads on the first change only: every page pays a listener, not
 * the module. (`key` null is a `localStorage.clear()`.)
 */
export function initSessionFollow(): void {
  if (!firstTime('session-follow')) return;
  addEventListener('storage', (event: StorageEvent) => {
    if (event.key === null || event.key === 'auth' || event.key === 'user') void import('./session-sync.ts').then((sync) => sync.adoptStoredSession());
  });
}
