import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { allowPush, closePushModal } from '../../stores/push.ts';
import '../auth/auth.css';
import './push.css';

/** The push-permission modal (spec section 4): why to allow, "turn on" and "not now". */
export function PushModal({ t, busy }: { t: TFunction; busy: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

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
      className="auth-dialog push-modal"
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-busy={busy}
      data-push-modal=""
      data-testid="push-modal"
      onCancel={(event) => {
        event.preventDefault();
        closePushModal();
      }}
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{t('push.modal.title')}</h2>
        <button type="button" className="auth-dialog__close" onClick={closePushModal} disabled={busy} aria-label={t('push.modal.close')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          </svg>
        </button>
      </div>
      <div className="push-modal__content">
        <svg className="push-modal__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        <p id={textId}>{t('push.modal.text')}</p>
        <div className="push-modal__actions">
          <button type="button" className="push-modal__allow" onClick={() => void allowPush()} disabled={busy}>
            {t('push.modal.allow')}
          </button>
          <button type="button" className="push-modal__later" onClick={closePushModal} disabled={busy}>
            {t('push.modal.later')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
