import type { TFunction } from 'i18next';
import type { NotificationView } from '../../contract/notifications.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { closeWonBox } from '../../stores/notifications.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import '../auth/auth.css';
import '../shared/dialog-button.css';
import './notifications.css';

/**
 * The notification modal announcing a won box (spec section 2): its message
 * and the link to the player's boxes, `/account/boxes` in the page's
 * language (issue 19), where the box is opened.
 */
export function WonBoxModal({ t, locale, box }: { t: TFunction; locale: Locale; box: NotificationView }) {
  const message = box.notification.message[locale] || t('notifications.box.fallback');
  return (
    <ModalDialog title={t('notifications.box.title')} closeLabel={t('notifications.box.close')} onClose={() => void closeWonBox()} className="won-box" data={{ testid: 'won-box-modal' }}>
      <div className="won-box__content">
        <svg className="won-box__icon" viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
          <path fill="currentColor" d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2a2 2 0 0 1 2-2ZM9 5a2 2 0 0 1 2 2H9a1 1 0 1 1 0-2Zm2 15H6v-8h5v8Zm0-10H5V9h6v1Zm7 10h-5v-8h5v8Zm1-10h-6V9h6v1Z" />
        </svg>
        <p className="won-box__title">{box.notification.title[locale]}</p>
        <p>{message}</p>
        <a className="dialog-button dialog-button--primary won-box__open" href={localePath(locale, '/account/boxes')} onClick={() => void closeWonBox()}>
          {t('notifications.box.open')}
        </a>
      </div>
    </ModalDialog>
  );
}
