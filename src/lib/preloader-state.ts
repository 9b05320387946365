/**
 * Preloader states (spec section 4, site DOM contract item 2) and the rule
 * mapping the startup site-config call to one: 402 → maintenance, any other
 * failure (404, 5xx, network) → the platform does not exist, success → hidden.
 */
export type PreloaderState = 'hidden' | 'loading' | 'not-found' | 'maintenance';

export function isPreloaderState(value: unknown): value is PreloaderState {
  return value === 'hidden' || value === 'loading' || value === 'not-found' || value === 'maintenance';
}

/** `status` is the HTTP status, or null when the call got no response. */
export function preloaderStateForStatus(status: number | null): PreloaderState {
  if (status !== null && status >= 200 && status < 300) return 'hidden';
  if (status === 402) return 'maintenance';
  return 'not-found';
}

/** The page behind the overlay is inert whenever a panel is visible. */
export function blocksPage(state: PreloaderState): boolean {
  return state !== 'hidden';
}

export interface SiteCheck {
  /** HTTP status of the site-config call; null when it got no response. */
  status: number | null;
  /** `navigator.onLine === false` at the time of the failure. */
  offline: boolean;
  /** `status` of the runtime config: `unknown` marks the fallback build. */
  build: 'active' | 'maintenance' | 'unknown';
}

/**
 * The preloader state after the startup check, or null to keep the build-time
 * state. Two refinements of the plain status rule: the fallback build has no
 * content to reveal, so it can only switch to maintenance; and a tenant page
 * served offline by the service worker keeps its state instead of declaring
 * the platform missing.
 */
export function resolvePreloaderState(check: SiteCheck): PreloaderState | null {
  if (check.status === null && check.offline && check.build !== 'unknown') return null;
  const state = preloaderStateForStatus(check.status);
  if (check.build === 'unknown' && state === 'hidden') return 'not-found';
  return state;
}
