import { createRoot, type Root } from 'react-dom/client';
import { closeNotificationsPanel, openNotificationsPanel } from '../../stores/notifications.ts';
import { NotificationsRoot } from './NotificationsRoot.tsx';

/**
 * Entry of the notification island (the panel and the won-box modal),
 * loaded on the first click on the bell or the first box announced.
 * Mounted once per page lifetime into a `#notifications-root` carried across
 * ClientRouter navigations.
 */
let root: Root | null = null;
let host: HTMLElement | null = null;

function attachHost(): void {
  if (host && !host.isConnected) document.body.append(host);
}

export function ensureNotificationsRoot(): void {
  if (root) {
    attachHost();
    return;
  }
  // A modal <dialog> moved with the body loses its modality: close the panel before a navigation swaps it.
  document.addEventListener('astro:before-swap', closeNotificationsPanel);
  document.addEventListener('astro:after-swap', attachHost);
  host = document.createElement('div');
  host.id = 'notifications-root';
  document.body.append(host);
  root = createRoot(host);
  root.render(<NotificationsRoot />);
}

/** The bell: opens the panel (the list loads with the player's start-up; a failed load is retried). */
export function openNotifications(): void {
  ensureNotificationsRoot();
  openNotificationsPanel();
}
