import { claimReload, isChunkLoadError } from '../lib/reload-guard.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Spec section 4: a failed chunk load (typically a deploy replaced the hashed
 * files this page refers to) reloads the page, once per path within 10 s, so a
 * chunk that is really missing cannot cause a reload loop.
 */
function session(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads when allowed; returns whether it did. */
export function reloadOnceForPath(reload: () => void = () => location.reload()): boolean {
  const store = session();
  if (!store || !claimReload(store, location.pathname, Date.now())) return false;
  reload();
  return true;
}

export function initChunkRecovery(): void {
  if (!firstTime('chunk-recovery')) return;
  // Vite's preload helper: preventing the default stops the error from propagating.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForPath()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnceForPath()) event.preventDefault();
  });
}
