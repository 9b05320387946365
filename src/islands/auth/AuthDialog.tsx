import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { AuthMode } from '../../lib/auth/modal-route.ts';
import { closeLoginModal } from '../../stores/auth.ts';
import { LoginForm } from './LoginForm.tsx';
import { RecoveryForm } from './RecoveryForm.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { RegisterWizard } from './RegisterWizard.tsx';
import './auth.css';

/** After a login the "Entrar" button that opened the modal is gone: focus goes to the account button. */
function accountButton(): Element | null {
  return document.querySelector('[data-auth-user] [popovertarget="account-menu"]');
}

/**
 * The login modal (`ModalDialog`: focus on the first field, kept inside,
 * back to the opener on close), showing the form of the current mode;
 * switching mode moves focus to the new form's first field.
 */
export function AuthDialog({ t, locale, mode }: { t: TFunction; locale: Locale; mode: AuthMode }) {
  return (
    <ModalDialog title={t(`auth.modal.titles.${mode}`)} closeLabel={t('auth.modal.close')} onClose={closeLoginModal} contentKey={mode} returnTo={accountButton}>
      {mode === 'login' && <LoginForm t={t} locale={locale} />}
      {mode === 'register' && <RegisterWizard t={t} locale={locale} />}
      {mode === 'recovery' && <RecoveryForm t={t} locale={locale} />}
    </ModalDialog>
  );
}
