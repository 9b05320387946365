import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, SKIP_WAITING } from '../../../src/scripts/service-worker.ts';
import { $serviceWorker } from '../../../src/stores/pwa.ts';

class FakeWorker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
}

class FakeContainer extends EventTarget {
  controller: object | null;
  registration = new FakeRegistration();
  registered: [string, RegistrationOptions | undefined][] = [];
  failWith: Error | null = null;
  constructor(controller: object | null) {
    super();
    this.controller = controller;
  }
  async register(url: string, options?: RegistrationOptions) {
    this.registered.push([url, options]);
    if (this.failWith) throw this.failWith;
    return this.registration;
  }
}

function run(container: FakeContainer) {
  const reload = vi.fn();
  const done = registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload });
  return { reload, done };
}

beforeEach(() => $serviceWorker.set({ registrationError: false, offlineReady: false }));

describe('service worker registration', () => {
  it('registers /sw-custom.js with scope /', async () => {
    const container = new FakeContainer(null);
    await run(container).done;
    expect(container.registered).toEqual([[SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }]]);
    expect(SERVICE_WORKER_URL).toBe('/sw-custom.js');
    expect(SERVICE_WORKER_SCOPE).toBe('/');
  });

  it('first install sets offline-ready and does not reload when the worker claims the page', async () => {
    const container = new FakeContainer(null);
    const worker = new FakeWorker();
    container.registration.installing = worker;
    const { reload, done } = run(container);
    await done;
    worker.become('installed');
    container.controller = {};
    container.dispatchEvent(new Event('controllerchange'));
    expect($serviceWorker.get().offlineReady).toBe(true);
    expect(worker.messages).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('an update is activated at once and its activation reloads the page once', async () => {
    const container = new FakeContainer({});
    const { reload, done } = run(container);
    await done;
    const update = new FakeWorker();
    container.registration.installing = update;
    container.registration.dispatchEvent(new Event('updatefound'));
    update.become('installed');
    expect(update.messages).toEqual([SKIP_WAITING]);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect($serviceWorker.get().offlineReady).toBe(false);
  });

  it('a worker activated by another tab (external) reloads the page', async () => {
    const container = new FakeContainer({});
    const { reload, done } = run(container);
    await done;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks an already waiting update to activate', async () => {
    const container = new FakeContainer({});
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    await run(container).done;
    expect(waiting.messages).toEqual([SKIP_WAITING]);
  });

  it('a failed registration sets registrationError', async () => {
    const container = new FakeContainer(null);
    container.failWith = new DOMException('blocked', 'SecurityError');
    expect(await run(container).done).toBeNull();
    expect($serviceWorker.get()).toEqual({ registrationError: true, offlineReady: false });
  });
});
