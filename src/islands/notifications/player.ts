import { $unreadCount, $wonBox, configureNotifications, loadNotifications } from '../../stores/notifications.ts';
import { $session } from '../../stores/session.ts';
import { onUserChannel } from '../../lib/auth/user-realtime.ts';
import { currentLocale } from '../../lib/locale.ts';
import { showUnreadCount } from '../../lib/notifications/badge.ts';
import { bindNotificationEvents } from '../../stores/notifications-realtime.ts';
import { playArrivalSound } from '../../lib/notifications/sound.ts';

/**
 * A signed-in player's notifications on this page, started by the header
 * bell and by the session effects (after each sign-in): loads the lists,
 * keeps the bell's badge in step, binds the live events to each player
 * connection and mounts the toast island. Loads again after each new
 * sign-in; calling it again for the same session is a no-op.
 */
let started = false;
let loadedFor: string | null = null;

export function startPlayerNotifications(): void {
  const session = $session.get();
  if (session.status !== 'user') return;
  if (!started) {
    started = true;
    configureNotifications({ locale: currentLocale(), playSound: playArrivalSound });
    $unreadCount.subscribe((count) => showUnreadCount(count));
    // A navigation brings a new header (badge to refill) and maybe another language (toast texts).
    document.addEventListener('astro:after-swap', () => {
      showUnreadCount($unreadCount.get());
      configureNotifications({ locale: currentLocale(), playSound: playArrivalSound });
    });
    onUserChannel(bindNotificationEvents);
    $session.listen((next) => {
      if (next.status !== 'user') loadedFor = null;
    });
    void import('../toasts/mount.tsx').then((m) => m.mountToasts()).catch(() => undefined);
    // The won-box modal lives in the notification island: load it when a box is announced.
    $wonBox.subscribe((box) => {
      if (box) void import('./mount.tsx').then((m) => m.ensureNotificationsRoot()).catch(() => undefined);
    });
  }
  if (loadedFor === session.token) return;
  loadedFor = session.token;
  void loadNotifications();
}

/** The bell's click: loads the notification island and opens the panel. */
export function openPanel(): void {
  void import('./mount.tsx').then((m) => m.openNotifications());
}
