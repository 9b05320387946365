import { markServiceWorker } from '../stores/pwa.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Spec section 4: the service worker at `/sw-custom.js`, scope `/`. The first
 * install marks the site offline-ready; a waiting update is activated at once,
 * and activation of an update or of a worker installed by another tab
 * reloads the page so it never runs against mismatched files. A failed
 * registration sets `registrationError` (spec section 8).
 */
export const SERVICE_WORKER_URL = '/sw-custom.js';
export const SERVICE_WORKER_SCOPE = '/';
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export interface ServiceWorkerDeps {
  container: ServiceWorkerContainer;
  reload: () => void;
}

function watchInstall(worker: ServiceWorker | null, container: ServiceWorkerContainer): void {
  worker?.addEventListener('statechange', () => {
    if (worker.state !== 'installed') return;
    if (container.controller) worker.postMessage(SKIP_WAITING);
    else markServiceWorker({ offlineReady: true });
  });
}

/** Registers the worker and wires update handling; resolves when registration settled. */
export async function registerServiceWorker({ container, reload }: ServiceWorkerDeps): Promise<ServiceWorkerRegistration | null> {
  const hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    // The first install claiming this page is not an update: no reload then.
    if (!hadController || reloading) return;
    reloading = true;
    reload();
  });
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    watchInstall(registration.installing, container);
    registration.addEventListener('updatefound', () => watchInstall(registration.installing, container));
    if (registration.waiting && hadController) registration.waiting.postMessage(SKIP_WAITING);
    return registration;
  } catch {
    markServiceWorker({ registrationError: true });
    return null;
  }
}

/**
 * How often an open page asks for a new build (issue 20; the spec leaves the
 * interval unstated): every 30 minutes, only while the page is visible and
 * online. The browser also checks on every navigation, so a tab left open is
 * what this is for. A new worker found is installed and activated by the
 * update handling above, which reloads the page.
 */
export const UPDATE_POLL_MS = 30 * 60 * 1000;

export interface UpdatePollDeps {
  every: (run: () => void, ms: number) => unknown;
  visible: () => boolean;
  online: () => boolean;
}

/** Polls `registration.update()` every UPDATE_POLL_MS while visible and online; a failed check waits for the next. */
export function pollForUpdates(registration: Pick<ServiceWorkerRegistration, 'update'>, deps: UpdatePollDeps): void {
  deps.every(() => {
    if (!deps.visible() || !deps.online()) return;
    registration.update().catch(() => undefined);
  }, UPDATE_POLL_MS);
}

/** Registers after the page has loaded, so the worker's precaching never competes with the page. */
export function initServiceWorker(): void {
  if (!firstTime('service-worker') || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () =>
    void registerServiceWorker({ container: navigator.serviceWorker, reload: () => location.reload() }).then((registration) => {
      if (registration) {
        pollForUpdates(registration, { every: (run, ms) => setInterval(run, ms), visible: () => document.visibilityState === 'visible', online: () => navigator.onLine });
      }
    });
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
