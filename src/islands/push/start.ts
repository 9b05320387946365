import { $pushModal, configurePush, type PushPermission, schedulePushModal } from '../../stores/push.ts';
import { safeStorage } from '../../lib/storage.ts';
import { browserSubscribeDeps, recordPushPromptAnswer } from './browser.ts';
import { subscribeToPush } from '../../lib/push/subscribe.ts';
import { isMobileDevice, isPushSupported, isStandaloneDisplay } from '../../lib/push/support.ts';

/**
 * Starts the push-permission prompt after a sign-in (loaded on demand by the
 * session effects): wires the store to this browser once, mounts the island
 * when the modal first opens, and schedules one attempt to show it.
 */
let configured = false;

export function startPushPrompt(): void {
  if (!configured) {
    configured = true;
    configurePush({
      storage: safeStorage,
      supported: () => isPushSupported(),
      permission: () => (isPushSupported() ? (Notification.permission as PushPermission) : 'default'),
      mobile: () => isMobileDevice(),
      standalone: () => isStandaloneDisplay(),
      // A game being played counts as a modal: the prompt must not cover the frame mid-round.
      otherModalOpen: () => document.documentElement.classList.contains('game-open') || document.querySelector('dialog[open]:not([data-push-modal])') !== null,
      subscribe: () => subscribeToPush(browserSubscribeDeps()),
      recordAnswer: recordPushPromptAnswer,
    });
    $pushModal.subscribe((state) => {
      if (state.open) void import('./mount.tsx').then((m) => m.ensurePushRoot()).catch(() => undefined);
    });
  }
  schedulePushModal();
}
