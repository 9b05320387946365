import { closeNotificationsPanel, openNotificationsPanel } from '../../stores/notifications.ts';
import { pageIsland } from '../shared/page-island.tsx';
import { NotificationsRoot } from './NotificationsRoot.tsx';

/**
 * Entry of the notification island (the panel and the won-box modal),
 * loaded on the first click on the bell or the first box announced; mounted
 * once per page lifetime into `#notifications-root`. A navigation closes the panel.
 */
export const ensureNotificationsRoot = pageIsland('notifications-root', () => <NotificationsRoot />, { beforeSwap: closeNotificationsPanel });

/** The bell: opens the panel (the list loads with the player's start-up; a failed load is retried). */
export function openNotifications(): void {
  ensureNotificationsRoot();
  openNotificationsPanel();
}
