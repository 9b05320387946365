import type { TFunction } from 'i18next';
import { useId } from 'react';
import { allowPush, closePushModal } from '../../stores/push.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import '../auth/auth.css';
import '../shared/dialog-button.css';
import './push.css';

/**
 * The push-permission modal (spec section 4): why to allow, "turn on" and
 * "not now". Nobody asked for it, so it is a non-modal card in a corner: the
 * page (the Deposit button included) stays usable and Tab is not kept inside.
 */
export function PushModal({ t, busy }: { t: TFunction; busy: boolean }) {
  const textId = useId();
  return (
    <ModalDialog
      title={t('push.modal.title')}
      closeLabel={t('push.modal.close')}
      onClose={closePushModal}
      closeDisabled={busy}
      className="push-modal"
      describedBy={textId}
      busy={busy}
      modal={false}
      data={{ 'push-modal': '', testid: 'push-modal' }}
    >
      <div className="push-modal__content">
        <svg className="push-modal__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        <p id={textId}>{t('push.modal.text')}</p>
        <div className="push-modal__actions">
          <button type="button" className="dialog-button dialog-button--primary push-modal__allow" onClick={() => void allowPush()} disabled={busy}>
            {t('push.modal.allow')}
          </button>
          <button type="button" className="dialog-button push-modal__later" onClick={closePushModal} disabled={busy}>
            {t('push.modal.later')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
