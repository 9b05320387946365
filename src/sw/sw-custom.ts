/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

/**
 * The site's service worker, served at `/sw-custom.js` with scope `/` (spec
 * section 4), built by vite-plugin-pwa's injectManifest strategy: it precaches
 * the build's files, drops caches of older builds, activates a waiting update
 * when the page asks (`{type: 'SKIP_WAITING'}`), and shows Web Push
 * notifications.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Payload the platform pushes: `{title, body, url}` plus an optional `icon` (the tenant's app icon). */
interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  icon?: string;
}

function parsePayload(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const json = data.json() as Partial<PushPayload>;
    if (typeof json.title !== 'string' || json.title === '') return null;
    return {
      title: json.title,
      body: typeof json.body === 'string' ? json.body : undefined,
      url: typeof json.url === 'string' ? json.url : undefined,
      icon: typeof json.icon === 'string' ? json.icon : undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = parsePayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: payload.icon,
      data: { url: payload.url ?? '/' },
    }),
  );
});

/** Only URLs of this site are opened; anything else falls back to the home page. */
function sameOriginUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((client) => client.url === target);
      if (existing) {
        await existing.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
