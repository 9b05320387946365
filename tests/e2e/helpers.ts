import type { Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4391);

/** Base URL of a demo tenant by host name; `*.localhost` resolves to loopback in Chromium. */
export function tenantUrl(host: string, path = '/'): string {
  return `http://${host}:${port}${path}`;
}

/** The value of one of the theme's CSS custom properties as the browser computed it. */
export function cssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim().toLowerCase(), name);
}

/** The platform's answer for a tenant, read the way the site reads it. */
export async function siteConfig(host: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(tenantUrl('localhost', `/api/site-config?domain=${host}&t=${Date.now()}`));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Resolves once the page's realtime connection has joined `channel` (Pusher's subscription_succeeded frame); call it before the page loads. */
export function subscribedTo(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}
