import { isStandaloneDisplay } from '../lib/push/support.ts';
import { safeStorage } from '../lib/storage.ts';
import {
  $install,
  type BeforeInstallPromptEvent,
  configureInstall,
  deferInstallPrompt,
  type InstallOutcome,
  type InstallState,
  markInstalled,
  promptInstall,
  scheduleInstallModal,
} from '../stores/install.ts';
import { firstTime } from './lifecycle.ts';

type InstallModal = { showInstallModal: () => Promise<void>; hideInstallModal: () => void };

/**
 * Wires the install prompt (src/stores/install.ts) to the browser, from the
 * boot script of every page (issue 20): keeps `beforeinstallprompt` (the
 * browser's mini-infobar is held back for our modal), stops asking on
 * `appinstalled` or in display mode standalone, loads the modal's code only
 * when it opens, and serves the `/install` pages' button
 * (`[data-install-now]`) with no script of their own. The state is on
 * `<html data-install>`: `installed`, `available` (a prompt is kept),
 * `manual` (iOS Safari: Add to Home Screen by hand) or `unavailable`.
 */

/** iPhone/iPad Safari, where installing is Share → Add to Home Screen (no prompt event). */
export function isIosSafari(agent: string, touchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && touchPoints > 1);
  return ios && /Safari\//.test(agent) && !/CriOS|FxiOS|EdgiOS/.test(agent);
}

export function installAttribute(state: InstallState): string {
  if (state.installed) return 'installed';
  if (state.deferred) return 'available';
  return state.manual ? 'manual' : 'unavailable';
}

/** Pages that are about installing, or not for browsing (offline, blocked), never get the modal. */
const NO_MODAL = '[data-no-install-modal]';

function otherModalOpen(): boolean {
  return (
    document.querySelector(NO_MODAL) !== null ||
    document.documentElement.classList.contains('game-open') ||
    document.querySelector('dialog[open]:not([data-install-modal])') !== null
  );
}

function reflect(state: InstallState = $install.get()): void {
  document.documentElement.dataset.install = installAttribute(state);
}

/** Writes the outcome of the pages' button into their `[data-install-status]` (texts in its data attributes). */
function report(outcome: InstallOutcome): void {
  const status = document.querySelector<HTMLElement>('[data-install-status]');
  if (status) status.textContent = status.dataset[outcome] ?? '';
}

function onClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('[data-install-now]') : null;
  if (!button) return;
  event.preventDefault();
  void promptInstall().then(report);
}

export function initInstallPrompt(): void {
  if (!firstTime('install-prompt')) return;
  configureInstall(
    { storage: safeStorage, standalone: () => isStandaloneDisplay(), otherModalOpen },
    !isStandaloneDisplay() && isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  );
  reflect();
  let modal: Promise<InstallModal> | null = null;
  $install.listen((state) => {
    reflect(state);
    if (state.modalVisible) {
      modal ??= import('./install-modal.ts');
      void modal.then((m) => m.showInstallModal()).catch(() => undefined);
    } else if (modal) {
      void modal.then((m) => m.hideInstallModal()).catch(() => undefined);
    }
  });
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferInstallPrompt(event as BeforeInstallPromptEvent);
  });
  addEventListener('appinstalled', () => markInstalled());
  matchMedia('(display-mode: standalone)').addEventListener?.('change', (query) => {
    if (query.matches) markInstalled();
  });
  document.addEventListener('click', onClick);
  document.addEventListener('astro:after-swap', () => reflect());
  // iOS Safari has no prompt event: the attempt starts now and leads to the /ios steps.
  if ($install.get().manual) scheduleInstallModal();
}
