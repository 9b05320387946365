import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
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
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import '../auth/auth.css';
import '../shared/dialog-button.css';
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
  const sectionId = useId();
  const state = useStore($notifications);
  const visible = useStore($visibleNotifications);
  const unread = useStore($unreadCount);
  const failed = useStore($notificationsActionFailed);

  return (
    <ModalDialog
      title={t('notifications.panel.title')}
      closeLabel={t('notifications.panel.close')}
      onClose={closeNotificationsPanel}
      className="notifications-panel"
      data={{ testid: 'notifications-panel' }}
    >
      <div className="notifications-panel__content">
        {(state.status === 'loading' || state.status === 'idle') && <p role="status">{t('notifications.panel.loading')}</p>}
        {state.status === 'error' && (
          <div role="alert" className="notifications-panel__error">
            <p>{t('notifications.panel.error')}</p>
            <button type="button" className="dialog-button notification__action" onClick={() => void loadNotifications()}>
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
            <button type="button" className="dialog-button notification__action" disabled={unread === 0} onClick={() => void markAllNotificationsRead('all')}>
              {t('notifications.panel.markAllRead')}
            </button>
            {SECTIONS.map(({ list, key }) => (
              <section key={list} className="notifications-panel__section" aria-labelledby={`${sectionId}-${list}`}>
                <h3 id={`${sectionId}-${list}`}>{t(key)}</h3>
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
                  <button type="button" className="dialog-button notification__action" onClick={() => void loadMoreNotifications(list)}>
                    {t('notifications.panel.loadMore')}
                  </button>
                )}
              </section>
            ))}
          </>
        )}
      </div>
    </ModalDialog>
  );
}
