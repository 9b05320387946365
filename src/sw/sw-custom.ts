/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { chooseClickAction } from './notification-click.ts';
import { offlinePageFor } from './offline-page.ts';

/**
 * The site's service worker, served at `/sw-custom.js` with scope `/` (spec
 * section 4), built by vite-plugin-pwa's injectManifest strategy: it precaches
 * the build's scripts and styles, the offline page in both languages and the
 * app's icons, drops caches of older builds, activates a waiting update when
 * the page asks (`{type: 'SKIP_WAITING'}`), serves the offline page when a
 * navigation gets no answer (issue 20), and shows Web Push notifications.
 * Nothing else is cached: pages, API answers (balances, money) and images
 * always come from the network.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Pages from the network, always; only when none answers (offline, DNS, connection refused) the
// offline page of the visitor's language, in place, so its retry reloads the page asked for.
// A server's error page (5xx, 404) is an answer and is shown as it is.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch (error) {
        for (const key of offlinePageFor(url.pathname)) {
          const offline = await matchPrecache(key);
          if (offline) return offline;
        }
        throw error;
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

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
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const rawUrl = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Without includeUncontrolled, matchAll lists only the tabs this worker controls.
      const controlled = new Set((await self.clients.matchAll({ type: 'window' })).map((w) => w.id));
      const action = chooseClickAction(
        windows.map((w) => ({ url: w.url, controlled: controlled.has(w.id) })),
        rawUrl,
        self.location.origin,
      );
      if (action.kind === 'open') {
        await self.clients.openWindow(action.url);
        return;
      }
      const client = windows[action.index]!;
      await client.focus();
      if (action.kind === 'navigate') {
        // navigate() fails on a tab this worker does not control: open the target instead.
        await client.navigate(action.url).catch(() => self.clients.openWindow(action.url));
      }
    })(),
  );
});
