import type { TFunction } from 'i18next';
import type { NotificationView } from '../../contract/notifications.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localizeHref } from '../../i18n/locales.ts';
import { formatDayTime } from '../../lib/datetime.ts';
import { dismissNotification, markNotificationRead } from '../../stores/notifications.ts';
import { CloseIcon } from '../shared/CloseIcon.tsx';

/** One notification of the panel: title, message, date, link, and its actions. */
export function NotificationItem({ t, locale, notification }: { t: TFunction; locale: Locale; notification: NotificationView }) {
  const { title, message, url } = notification.notification;
  const date = formatDayTime(notification.created_at, locale);
  return (
    <li className={`notification${notification.read ? '' : ' notification--unread'}`} data-testid="notification">
      <div className="notification__body">
        <strong className="notification__title">
          {!notification.read && <span className="visually-hidden">{t('notifications.panel.unread')}: </span>}
          {title[locale]}
        </strong>
        <p className="notification__message">{message[locale]}</p>
        <time className="notification__date" dateTime={notification.created_at}>
          {date}
        </time>
      </div>
      <div className="notification__actions">
        {url && (
          // The platform names site pages unprefixed (`/ranking`): an English player opens the English twin.
          <a className="notification__link" href={localizeHref(locale, url)}>
            {t('notifications.panel.open')}
          </a>
        )}
        {!notification.read && (
          <button type="button" className="dialog-button notification__action" onClick={() => void markNotificationRead(notification.id)}>
            {t('notifications.panel.markRead')}
          </button>
        )}
        <button
          type="button"
          className="notification__dismiss"
          onClick={() => void dismissNotification(notification.id)}
          aria-label={`${t('notifications.panel.dismiss')}: ${title[locale]}`}
        >
          <CloseIcon />
        </button>
      </div>
    </li>
  );
}
