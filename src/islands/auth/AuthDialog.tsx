import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { AuthMode } from '../../lib/auth/modal-route.ts';
import { closeLoginModal } from '../../stores/auth.ts';
import { LoginForm } from './LoginForm.tsx';
import { RecoveryForm } from './RecoveryForm.tsx';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import { RegisterWizard } from './RegisterWizard.tsx';
import './auth.css';

/**
 * The login modal: a native modal `<dialog>` (the page behind is inert, so
 * focus stays inside; Esc closes it; focus returns to the opener), labelled
 * by its title, showing the form of the current mode.
 */
export function AuthDialog({ t, locale, mode }: { t: TFunction; locale: Locale; mode: AuthMode }) {

  return (
    <ModalDialog title={t(`auth.modal.titles.${mode}`)} closeLabel={t('auth.modal.close')} onClose={closeLoginModal}>
      {mode === 'login' && <LoginForm t={t} locale={locale} />}
      {mode === 'register' && <RegisterWizard t={t} locale={locale} />}
      {mode === 'recovery' && <RecoveryForm t={t} locale={locale} />}
    </ModalDialog>
  );
}
