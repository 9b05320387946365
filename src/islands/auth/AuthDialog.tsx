import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { AuthMode } from '../../lib/auth/modal-route.ts';
import { closeLoginModal } from '../../stores/auth.ts';
import { LoginForm } from './LoginForm.tsx';
import { RecoveryForm } from './RecoveryForm.tsx';
import { RegisterWizard } from './RegisterWizard.tsx';
import './auth.css';

/**
 * The login modal: a native modal `<dialog>` (the page behind is inert, so
 * focus stays inside; Esc closes it; focus returns to the opener), labelled
 * by its title, showing the form of the current mode.
 */
export function AuthDialog({ t, locale, mode }: { t: TFunction; locale: Locale; mode: AuthMode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
      className="auth-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeLoginModal();
      }}
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{t(`auth.modal.titles.${mode}`)}</h2>
        <button type="button" className="auth-dialog__close" onClick={closeLoginModal} aria-label={t('auth.modal.close')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          </svg>
        </button>
      </div>
      {mode === 'login' && <LoginForm t={t} locale={locale} />}
      {mode === 'register' && <RegisterWizard t={t} locale={locale} />}
      {mode === 'recovery' && <RecoveryForm t={t} locale={locale} />}
    </dialog>
  );
}
