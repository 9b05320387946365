import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import {
  $notifications,
  $notificationsActionFailed,
  $unreadCount,
  $visibleNotifications,
  closeNotificationsPanel,
  hasMore,
  loadMoreNotifications,
  loadNotifications,
  markAllNotificationsRead,
  type NotificationList,
} from '../../stores/notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';
import '../auth/auth.css';
import './notifications.css';

const SECTIONS: { list: NotificationList; key: string }[] = [
  { list: 'user', key: 'notifications.panel.mine' },
  { list: 'platform', key: 'notifications.panel.global' },
];

/**
 * The notification panel: a native modal `<dialog>` (Esc closes it, focus
 * returns to the bell) with the player's own list and the global notices,
 * 10 a page with "load more", mark read, mark all read and remove.
 */
export function NotificationsPanel({ t, locale }: { t: TFunction; locale: Locale }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useStore($notifications);
  const visible = useStore($visibleNotifications);
  const unread = useStore($unreadCount);
  const failed = useStore($notificationsActionFailed);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="auth-dialog notifications-panel"
      aria-labelledby={titleId}
      data-testid="notifications-panel"
      onCancel={(event) => {
        event.preventDefault();
        closeNotificationsPanel();
      }}
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{t('notifications.panel.title')}</h2>
        <button type="button" className="auth-dialog__close" onClick={closeNotificationsPanel} aria-label={t('notifications.panel.close')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          </svg>
        </button>
      </div>
      <div className="notifications-panel__content">
        {(state.status === 'loading' || state.status === 'idle') && <p role="status">{t('notifications.panel.loading')}</p>}
        {state.status === 'error' && (
          <div role="alert" className="notifications-panel__error">
            <p>{t('notifications.panel.error')}</p>
            <button type="button" className="notification__action" onClick={() => void loadNotifications()}>
              {t('notifications.panel.retry')}
            </button>
          </div>
        )}
        {failed && state.status === 'ready' && (
          <p role="alert" className="notifications-panel__error">
            {t('notifications.panel.actionFailed')}
          </p>
        )}
        {state.status === 'ready' && (
          <>
            <button type="button" className="notification__action" disabled={unread === 0} onClick={() => void markAllNotificationsRead('all')}>
              {t('notifications.panel.markAllRead')}
            </button>
            {SECTIONS.map(({ list, key }) => (
              <section key={list} className="notifications-panel__section" aria-labelledby={`${titleId}-${list}`}>
                <h3 id={`${titleId}-${list}`}>{t(key)}</h3>
                {visible[list].length === 0 ? (
                  <p className="notifications-panel__empty">{t('notifications.panel.empty')}</p>
                ) : (
                  <ul className="notifications-panel__list">
                    {visible[list].map((n) => (
                      <NotificationItem key={n.id} t={t} locale={locale} notification={n} />
                    ))}
                  </ul>
                )}
                {hasMore(list) && (
                  <button type="button" className="notification__action" onClick={() => void loadMoreNotifications(list)}>
                    {t('notifications.panel.loadMore')}
                  </button>
                )}
              </section>
            ))}
          </>
        )}
      </div>
    </dialog>
  );
}
