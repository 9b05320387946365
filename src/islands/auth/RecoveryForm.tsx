import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { switchAuthMode } from '../../stores/auth.ts';
import {
  $recoveryNotice,
  $recoveryStep,
  recoveryRequestForm,
  recoveryResend,
  requestRecoveryCode,
  resetForm,
  resetPassword,
  restartRecovery,
} from '../../stores/recovery.ts';
import { FormMessage, PhoneField, TextField, PasswordPairFields } from './fields.tsx';

/** Recovery mode: phone → code + new password → back to login. */
export function RecoveryForm({ t, locale }: { t: TFunction; locale: Locale }) {
  const step = useStore($recoveryStep);
  const notice = useStore($recoveryNotice);
  const request = useStore(recoveryRequestForm.$values);
  const requestErrors = useStore(recoveryRequestForm.$errors);
  const requestError = useStore(recoveryRequestForm.$formError);
  const reset = useStore(resetForm.$values);
  const resetErrors = useStore(resetForm.$errors);
  const resetError = useStore(resetForm.$formError);
  const requesting = useStore(recoveryRequestForm.$submitting);
  const resetting = useStore(resetForm.$submitting);
  const submitting = requesting || resetting;
  const resendSeconds = useStore(recoveryResend.$seconds);

  const backToLogin = () => {
    restartRecovery();
    switchAuthMode('login');
  };

  if (step === 'done') {
    return (
      <div className="auth-form">
        <FormMessage t={t} message={notice} tone="info" />
        <button type="button" className="button button--primary" onClick={backToLogin}>
          {t('auth.recovery.backToLogin')}
        </button>
      </div>
    );
  }

  if (step === 'request') {
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void requestRecoveryCode();
    };
    return (
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <p>{t('auth.recovery.intro')}</p>
        <PhoneField
          t={t}
          locale={locale}
          country={request.country}
          phone={request.phone}
          onCountry={(c) => recoveryRequestForm.set('country', c)}
          onPhone={(p) => recoveryRequestForm.set('phone', p)}
          error={requestErrors.phone}
          autoComplete="username"
        />
        <FormMessage t={t} message={requestError} tone="error" />
        <button type="submit" className="button button--primary" disabled={submitting || resendSeconds > 0}>
          {resendSeconds > 0 ? t('auth.register.resendIn', { seconds: resendSeconds }) : t('auth.recovery.request')}
        </button>
        <button type="button" className="link-button" onClick={backToLogin}>
          {t('auth.recovery.backToLogin')}
        </button>
      </form>
    );
  }

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void resetPassword();
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <FormMessage t={t} message={notice} tone="info" />
      <TextField
        t={t}
        label={t('auth.fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={reset.code}
        onValue={(c) => resetForm.set('code', c)}
        error={resetErrors.code}
      />
      <PasswordPairFields t={t} values={reset} errors={resetErrors} onValue={(field, value) => resetForm.set(field, value)} />
      <FormMessage t={t} message={resetError} tone="error" />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {t('auth.recovery.reset')}
      </button>
      <button type="button" className="link-button" onClick={restartRecovery}>
        {t('auth.recovery.otherNumber')}
      </button>
    </form>
  );
}
