import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useCallback } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $authConfig, switchAuthMode } from '../../stores/auth.ts';
import { loginForm, submitLogin } from '../../stores/login.ts';
import { Captcha } from './Captcha.tsx';
import { CpfField, FormMessage, PhoneField, TextField } from './fields.tsx';
import { PasswordField } from './PasswordField.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { SelfExclusionNotice } from './SelfExclusionNotice.tsx';

/** Login mode: phone + password (+ CPF / e-mail when required), Google when enabled. */
export function LoginForm({ t, locale }: { t: TFunction; locale: Locale }) {
  const config = useStore($authConfig);
  const values = useStore(loginForm.$values);
  const errors = useStore(loginForm.$errors);
  const formError = useStore(loginForm.$formError);
  const submitting = useStore(loginForm.$submitting);
  const onCaptcha = useCallback((token: string) => loginForm.set('captcha_token', token), []);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void submitLogin();
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <SelfExclusionNotice t={t} locale={locale} />
      <PhoneField
        t={t}
        locale={locale}
        country={values.country}
        phone={values.phone}
        onCountry={(c) => loginForm.set('country', c)}
        onPhone={(p) => loginForm.set('phone', p)}
        error={errors.phone}
        hint={t('auth.login.usernameHint')}
        autoComplete="username"
      />
      <PasswordField
        t={t}
        label={t('auth.fields.password')}
        autoComplete="current-password"
        value={values.password}
        onValue={(p) => loginForm.set('password', p)}
        error={errors.password}
      />
      {config.loginRequiresCpf && (
        <CpfField t={t} value={values.cpf} onValue={(c) => loginForm.set('cpf', c)} error={errors.cpf} />
      )}
      {config.loginRequiresEmail && (
        <TextField
          t={t}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onValue={(e) => loginForm.set('email', e)}
          error={errors.email}
        />
      )}
      {config.turnstile && (
        <Captcha
          t={t}
          locale={locale}
          siteKey={config.turnstile.siteKey}
          scriptUrl={config.turnstile.scriptUrl}
          token={values.captcha_token ?? ''}
          onToken={onCaptcha}
          error={errors.captcha_token}
        />
      )}
      <FormMessage t={t} message={formError} tone="error" />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {t('auth.login.submit')}
      </button>
      <button type="button" className="link-button" onClick={() => switchAuthMode('recovery')}>
        {t('auth.login.forgot')}
      </button>
      {config.google && (
        <>
          <p className="auth-form__or">{t('auth.login.or')}</p>
          <GoogleButton t={t} locale={locale} clientId={config.google.clientId} scriptUrl={config.google.scriptUrl} />
        </>
      )}
      <p className="auth-form__switch">
        {t('auth.login.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => switchAuthMode('register')}>
          {t('auth.header.register')}
        </button>
      </p>
    </form>
  );
}
