import { describe, expect, it, vi } from 'vitest';
import ptBR from '../../../../src/i18n/pt-BR.json' with { type: 'json' };
import enUS from '../../../../src/i18n/en-US.json' with { type: 'json' };
import { PUSH_MESSAGES, SERVICE_WORKER_WAIT_MS, SUBSCRIPTION_WAIT_MS, type SubscribeDeps, subscribeToPush } from '../../../../src/lib/push/subscribe.ts';
import { isMobileDevice, isPushSupported, isStandaloneDisplay } from '../../../../src/lib/push/support.ts';

/** Subscribing (spec section 9): permission, the 10 s service-worker wait, the 2 s subscription, the messages. */

const never = <T>() => new Promise<T>(() => {});
const subscriptionJson = { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } };

function deps(overrides: Partial<SubscribeDeps> = {}) {
  const saved: PushSubscriptionJSON[] = [];
  const subscribe = vi.fn(async (options?: PushSubscriptionOptionsInit) => {
    void options;
    return { toJSON: () => subscriptionJson } as unknown as PushSubscription;
  });
  const d: SubscribeDeps = {
    requestPermission: async () => 'granted',
    serviceWorkerReady: async () => ({ pushManager: { subscribe } }),
    fetchPublicKey: async () => 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
    saveSubscription: async (s) => void saved.push(s),
    ...overrides,
  };
  return { d, saved, subscribe };
}

describe('subscribeToPush', () => {
  it('subscribes with the platform key and saves the subscription', async () => {
    const { d, saved, subscribe } = deps();
    expect(await subscribeToPush(d)).toEqual({ status: 'subscribed', message: { key: PUSH_MESSAGES.subscribed } });
    expect(saved).toEqual([subscriptionJson]);
    const options = subscribe.mock.calls[0]![0]!;
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it.each(['denied', 'default'] as const)('permission %s gives the permission message and never subscribes', async (answer) => {
    const { d, subscribe } = deps({ requestPermission: async () => answer });
    expect(await subscribeToPush(d)).toEqual({ status: 'denied', message: { key: PUSH_MESSAGES.permissionFailed } });
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('times out waiting for the service worker at 10 s with its message', async () => {
    vi.useFakeTimers();
    try {
      const { d, subscribe } = deps({ serviceWorkerReady: never });
      const result = subscribeToPush(d);
      await vi.advanceTimersByTimeAsync(SERVICE_WORKER_WAIT_MS - 1);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({ status: 'failed', message: { key: PUSH_MESSAGES.serviceWorkerTimeout } });
      expect(subscribe).not.toHaveBeenCalled();
      expect(SERVICE_WORKER_WAIT_MS).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('times out the subscription at 2 s with its message and saves nothing', async () => {
    vi.useFakeTimers();
    try {
      const { d, saved } = deps({ serviceWorkerReady: async () => ({ pushManager: { subscribe: never } }) });
      const result = subscribeToPush(d);
      await vi.advanceTimersByTimeAsync(SUBSCRIPTION_WAIT_MS - 1);
      let settled = false;
      void result.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({ status: 'failed', message: { key: PUSH_MESSAGES.subscriptionTimeout } });
      expect(saved).toHaveLength(0);
      expect(SUBSCRIPTION_WAIT_MS).toBe(2_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('any other failure (push service, key or save refused) gives the subscription error', async () => {
    const failures: Partial<SubscribeDeps>[] = [
      { serviceWorkerReady: async () => ({ pushManager: { subscribe: async () => Promise.reject(new Error('AbortError')) } }) },
      { fetchPublicKey: async () => Promise.reject(new Error('500')) },
      { saveSubscription: async () => Promise.reject(new Error('422')) },
      { requestPermission: async () => 'granted', serviceWorkerReady: async () => Promise.reject(new Error('no worker')) },
    ];
    for (const failure of failures) {
      expect(await subscribeToPush(deps(failure).d)).toEqual({ status: 'failed', message: { key: PUSH_MESSAGES.subscribeFailed } });
    }
  });
});

describe('messages', () => {
  it('words the outcomes as the specification in pt-BR and has them in en-US', () => {
    const pt = ptBR.push as Record<string, unknown>;
    expect(pt.unsupported).toBe('Seu navegador não suporta notificações push.');
    expect(pt.permissionFailed).toBe('Não foi possível obter permissão para notificações.');
    expect(pt.subscribeFailed).toBe('Erro ao se inscrever para notificações push.');
    expect(pt.subscribed).toBe('Notificações push inscritas com sucesso!');
    for (const key of Object.values(PUSH_MESSAGES)) {
      const name = key.split('.')[1]!;
      expect(typeof (enUS.push as Record<string, unknown>)[name], key).toBe('string');
      expect(typeof pt[name], key).toBe('string');
    }
  });
});

describe('support detection', () => {
  const fn = () => {};
  it('needs Notification, service worker and push manager together', () => {
    expect(isPushSupported({ Notification: fn, PushManager: fn, navigator: { serviceWorker: {} } })).toBe(true);
    expect(isPushSupported({ PushManager: fn, navigator: { serviceWorker: {} } })).toBe(false);
    expect(isPushSupported({ Notification: fn, navigator: { serviceWorker: {} } })).toBe(false);
    expect(isPushSupported({ Notification: fn, PushManager: fn, navigator: {} })).toBe(false);
  });

  it('tells phones from desktops and the installed app from a tab', () => {
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 } })).toBe(true);
    expect(isMobileDevice({ navigator: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130', maxTouchPoints: 0 } })).toBe(false);
    expect(isStandaloneDisplay({ matchMedia: () => ({ matches: true }) })).toBe(true);
    expect(isStandaloneDisplay({ matchMedia: () => ({ matches: false }), navigator: { standalone: true } })).toBe(true);
    expect(isStandaloneDisplay({ matchMedia: () => ({ matches: false }), navigator: {} })).toBe(false);
  });
});
