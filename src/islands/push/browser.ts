import type { PushKeyAnswer } from '../../contract/push.ts';
import { api } from '../../stores/api.ts';
import type { SubscribeDeps } from '../../lib/push/subscribe.ts';

/** The real browser and platform behind `subscribeToPush`. */
export function browserSubscribeDeps(): SubscribeDeps {
  return {
    requestPermission: () => Notification.requestPermission(),
    serviceWorkerReady: () => navigator.serviceWorker.ready,
    fetchPublicKey: async () => (await api.get<PushKeyAnswer>('/subscription/key')).publicKey,
    saveSubscription: async (subscription) => {
      await api.post('/subscription', { endpoint: subscription.endpoint, keys: subscription.keys });
    },
  };
}

/** `POST /subscription/prompt`: the player's close or refusal, kept by the platform for their other devices. A failure only costs that. */
export async function recordPushPromptAnswer(answer: 'closed' | 'denied'): Promise<void> {
  try {
    await api.post('/subscription/prompt', { answer });
  } catch {
    // This browser still remembers it (local storage); only other devices may ask sooner.
  }
}
