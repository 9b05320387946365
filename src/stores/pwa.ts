import { atom } from 'nanostores';

/**
 * Service-worker state (spec sections 4 and 8): `offlineReady` after the first
 * install; `registrationError` when registration failed. The install prompt
 * and offline islands read it.
 */
export interface ServiceWorkerState {
  registrationError: boolean;
  offlineReady: boolean;
}

export const $serviceWorker = atom<ServiceWorkerState>({ registrationError: false, offlineReady: false });

export function markServiceWorker(patch: Partial<ServiceWorkerState>): void {
  $serviceWorker.set({ ...$serviceWorker.get(), ...patch });
}
