import { keyMessage, type Message } from '../auth/message.ts';
import { TimeoutError, withTimeout } from './with-timeout.ts';

/** Spec section 9: the service worker must be ready within 10 s… */
export const SERVICE_WORKER_WAIT_MS = 10_000;
/** …and the push subscription made within 2 s. */
export const SUBSCRIPTION_WAIT_MS = 2_000;

/** i18n keys of the outcomes (namespace `push`), worded as the spec gives them. */
export const PUSH_MESSAGES = {
  unsupported: 'push.unsupported',
  permissionFailed: 'push.permissionFailed',
  subscribeFailed: 'push.subscribeFailed',
  subscribed: 'push.subscribed',
  serviceWorkerTimeout: 'push.serviceWorkerTimeout',
  subscriptionTimeout: 'push.subscriptionTimeout',
} as const;

export type SubscribeOutcome =
  | { status: 'subscribed'; message: Message }
  | { status: 'denied'; message: Message }
  | { status: 'failed'; message: Message };

/** What subscribing touches; production passes the browser's objects, tests fakes. */
export interface SubscribeDeps {
  requestPermission: () => Promise<NotificationPermission>;
  /** `navigator.serviceWorker.ready`. */
  serviceWorkerReady: () => Promise<{ pushManager: Pick<PushManager, 'subscribe'> }>;
  /** The platform's VAPID key (`GET /subscription/key`). */
  fetchPublicKey: () => Promise<string>;
  /** `POST /subscription` with `PushSubscription.toJSON()`. */
  saveSubscription: (subscription: PushSubscriptionJSON) => Promise<void>;
  timers?: Parameters<typeof withTimeout>[2];
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser for permission and subscribes it to the platform's pushes
 * (spec sections 4 and 9). Never throws: the outcome carries the message to
 * show. Permission not granted → `denied`; the service worker not ready in
 * 10 s, the subscription not made in 2 s, or any other failure → `failed`,
 * each with its own message.
 */
export async function subscribeToPush(deps: SubscribeDeps): Promise<SubscribeOutcome> {
  let permission: NotificationPermission;
  try {
    permission = await deps.requestPermission();
  } catch {
    return { status: 'denied', message: keyMessage(PUSH_MESSAGES.permissionFailed) };
  }
  if (permission !== 'granted') return { status: 'denied', message: keyMessage(PUSH_MESSAGES.permissionFailed) };

  try {
    const [registration, publicKey] = await Promise.all([
      withTimeout(deps.serviceWorkerReady(), SERVICE_WORKER_WAIT_MS, deps.timers).catch((error: unknown) => {
        throw error instanceof TimeoutError ? new StepTimeout(PUSH_MESSAGES.serviceWorkerTimeout) : error;
      }),
      deps.fetchPublicKey(),
    ]);
    const subscription = await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }),
      SUBSCRIPTION_WAIT_MS,
      deps.timers,
    ).catch((error: unknown) => {
      throw error instanceof TimeoutError ? new StepTimeout(PUSH_MESSAGES.subscriptionTimeout) : error;
    });
    await deps.saveSubscription(subscription.toJSON());
    return { status: 'subscribed', message: keyMessage(PUSH_MESSAGES.subscribed) };
  } catch (error) {
    return { status: 'failed', message: keyMessage(error instanceof StepTimeout ? error.messageKey : PUSH_MESSAGES.subscribeFailed) };
  }
}

/** A step that ran out of time, carrying its message key. */
class StepTimeout extends Error {
  readonly messageKey: string;
  constructor(messageKey: string) {
    super(messageKey);
    this.name = 'StepTimeout';
    this.messageKey = messageKey;
  }
}
