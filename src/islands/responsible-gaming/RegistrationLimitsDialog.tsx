import { useStore } from '@nanostores/react';
import { type SubmitEvent, useId, useRef } from 'react';
import { LIMIT_PERIODS, SESSION_LIMIT_MINUTES } from '../../contract/responsible-gaming.ts';
import { localePath } from '../../i18n/locales.ts';
import { navigateTo } from '../../lib/auth/navigate.ts';
import { currentLocale } from '../../lib/locale.ts';
import { $registrationLimits, postponeRegistrationLimits, registrationLimitsForm, saveRegistrationLimits } from '../../stores/registration-limits.ts';
import { $session } from '../../stores/session.ts';
import { stopPlaying } from '../../stores/time-alert.ts';
import { FormMessage, SelectField, TextField } from '../auth/fields.tsx';
import { useTranslator } from '../auth/use-translator.ts';
import { useModalFocus } from '../shared/use-modal-focus.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import { RegistrationDetailsStep } from './RegistrationDetailsStep.tsx';
import { durationText } from './texts.tsx';
import '../auth/auth.css';
import '../shared/dialog-button.css';
import './responsible-gaming.css';

const logout = () => void stopPlaying(() => navigateTo(localePath(currentLocale(), '/')));

/**
 * After a first Google sign-in on a regulated tenant, the registration steps
 * the Google account skipped, as a modal dialog on any page: first "Complete
 * seu cadastro" (CPF, 18+, terms: RegistrationDetailsStep), then "Escolha
 * seus limites" (a loss limit with its period and a session-time limit).
 * Its other way out is "Sair"; Esc closes it for this page only, since the
 * platform refuses bets and deposits until both are given either way.
 */
export function RegistrationLimitsDialog() {
  const state = useStore($registrationLimits);
  const session = useStore($session);
  const values = useStore(registrationLimitsForm.$values);
  const errors = useStore(registrationLimitsForm.$errors);
  const formError = useStore(registrationLimitsForm.$formError);
  const submitting = useStore(registrationLimitsForm.$submitting);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = state.status === 'asking' && session.status === 'user' && t !== null;
  useModalFocus(dialog, open, { onDismiss: postponeRegistrationLimits });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void saveRegistrationLimits();
  };

  return (
    <dialog
      ref={dialog}
      className="rg-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        postponeRegistrationLimits();
      }}
    >
      {t && open && state.step === 'details' && <RegistrationDetailsStep t={t} locale={locale} titleId={titleId} onLogout={logout} />}
      {t && open && state.step === 'limits' && (
        <form className="rg-dialog__form" onSubmit={onSubmit} noValidate>
          <h2 id={titleId}>{t('responsibleGaming.registrationLimits.title')}</h2>
          <p>{t('responsibleGaming.registrationLimits.intro')}</p>
          <TextField
            t={t}
            label={t('auth.fields.loss_limit')}
            inputMode="decimal"
            value={values.loss_limit}
            onValue={(amount) => registrationLimitsForm.set('loss_limit', amount)}
            error={errors.loss_limit}
          />
          <SelectField
            t={t}
            label={t('auth.fields.loss_limit_period')}
            placeholder={t('auth.register.choose')}
            value={values.loss_limit_period}
            options={LIMIT_PERIODS.map((period) => ({ value: period, label: t(`responsibleGaming.periods.${period}`) }))}
            onValue={(period) => registrationLimitsForm.set('loss_limit_period', period)}
            error={errors.loss_limit_period}
          />
          <SelectField
            t={t}
            label={t('auth.fields.session_limit_minutes')}
            placeholder={t('auth.register.choose')}
            value={values.session_limit_minutes}
            options={SESSION_LIMIT_MINUTES.map((minutes) => ({ value: String(minutes), label: durationText(t, minutes) }))}
            onValue={(minutes) => registrationLimitsForm.set('session_limit_minutes', minutes)}
            error={errors.session_limit_minutes}
          />
          <FormMessage t={t} message={formError} tone="error" />
          <div className="rg-dialog__actions">
            <button type="button" className="dialog-button" onClick={logout}>
              {t('responsibleGaming.session.logout')}
            </button>
            <button type="submit" className="dialog-button dialog-button--primary" disabled={submitting}>
              {t('responsibleGaming.save')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
