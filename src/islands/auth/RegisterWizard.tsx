import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useCallback, useEffect, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { $authConfig, switchAuthMode } from '../../stores/auth.ts';
import {
  $phoneNotice,
  $phoneVerification,
  $registerStep,
  continueRegistration,
  phoneResend,
  previousRegisterStep,
  registerForm,
  registerSteps,
  sendPhoneCode,
  setRegisterField,
  verifyPhoneCode,
} from '../../stores/register.ts';
import { LIMIT_PERIODS, SESSION_LIMIT_MINUTES } from '../../contract/responsible-gaming.ts';
import { durationText, RiskWarningText } from '../responsible-gaming/texts.tsx';
import { Captcha } from './Captcha.tsx';
import { CheckboxField, CpfField, FormMessage, PasswordPairFields, PhoneField, RadioGroup, SelectField, TextField } from './fields.tsx';

/** Register mode: the steps of `$registerStep`, one at a time, with Back / Continue. */
export function RegisterWizard({ t, locale }: { t: TFunction; locale: Locale }) {
  const config = useStore($authConfig);
  const step = useStore($registerStep);
  const values = useStore(registerForm.$values);
  const errors = useStore(registerForm.$errors);
  const formError = useStore(registerForm.$formError);
  const submitting = useStore(registerForm.$submitting);
  const verification = useStore($phoneVerification);
  const phoneNotice = useStore($phoneNotice);
  const resendSeconds = useStore(phoneResend.$seconds);
  const onCaptcha = useCallback((token: string) => setRegisterField('captcha_token', token), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const steps = registerSteps();
  const index = steps.indexOf(step);
  const last = index === steps.length - 1;

  // Each new step announces itself: focus moves to its heading.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void continueRegistration(locale);
  };

  const codeSent = verification.status === 'sent' || verification.status === 'verifying';
  const verified = verification.status === 'verified';

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__progress">{t('auth.register.stepOf', { current: index + 1, total: steps.length })}</p>
      <h3 className="auth-form__step" tabIndex={-1} ref={heading}>
        {t(`auth.register.steps.${step}`)}
      </h3>

      {step === 'about' && (
        <>
          <RadioGroup
            t={t}
            legend={t('auth.fields.gender')}
            name="gender"
            value={values.gender}
            options={[
              { value: 'male', label: t('auth.gender.male') },
              { value: 'female', label: t('auth.gender.female') },
            ]}
            onValue={(g) => setRegisterField('gender', g)}
            error={errors.gender}
          />
          <RadioGroup
            t={t}
            legend={t('auth.fields.marital_status')}
            name="marital_status"
            value={values.marital_status}
            options={[
              { value: 'single', label: t('auth.marital.single') },
              { value: 'dating', label: t('auth.marital.dating') },
              { value: 'married', label: t('auth.marital.married') },
            ]}
            onValue={(m) => setRegisterField('marital_status', m)}
            error={errors.marital_status}
          />
          <TextField t={t} label={t('auth.fields.name')} autoComplete="name" value={values.name} onValue={(n) => setRegisterField('name', n)} error={errors.name} />
        </>
      )}

      {step === 'phone' && (
        <>
          <PhoneField
            t={t}
            locale={locale}
            country={values.country}
            phone={values.phone}
            onCountry={(c) => setRegisterField('country', c)}
            onPhone={(p) => setRegisterField('phone', p)}
            error={errors.phone}
            hint={t('auth.register.phoneHint')}
          />
          {!verified && (
            <button type="button" className="button" onClick={() => void sendPhoneCode()} disabled={resendSeconds > 0 || verification.status === 'sending'}>
              {resendSeconds > 0
                ? t('auth.register.resendIn', { seconds: resendSeconds })
                : codeSent
                  ? t('auth.register.resend')
                  : t('auth.register.sendCode')}
            </button>
          )}
          <FormMessage t={t} message={phoneNotice} tone="info" />
          {verified ? (
            <p className="form-message form-message--success" role="status">
              {t('auth.register.phoneVerified')}
            </p>
          ) : (
            <>
              <TextField
                t={t}
                label={t('auth.fields.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={values.code}
                onValue={(c) => setRegisterField('code', c)}
                error={errors.code}
              />
              {codeSent && (
                <button type="button" className="button" onClick={() => void verifyPhoneCode()} disabled={verification.status === 'verifying'}>
                  {t('auth.register.verifyCode')}
                </button>
              )}
            </>
          )}
        </>
      )}

      {step === 'account' && (
        <>
          <TextField t={t} label={t('auth.fields.email')} type="email" autoComplete="email" value={values.email} onValue={(e) => setRegisterField('email', e)} error={errors.email} />
          <PasswordPairFields
            t={t}
            passwordLabelKey="auth.fields.password"
            values={values}
            errors={errors}
            onValue={(field, value) => setRegisterField(field, value)}
          />
          {config.registerCPF && (
            <CpfField t={t} value={values.cpf} onValue={(c) => setRegisterField('cpf', c)} error={errors.cpf} />
          )}
          <TextField
            t={t}
            label={t('auth.fields.reference_code')}
            value={values.reference_code}
            onValue={(r) => setRegisterField('reference_code', r)}
            error={errors.reference_code}
          />
        </>
      )}

      {step === 'terms' && (
        <>
          <CheckboxField t={t} checked={values.adult} onValue={(a) => setRegisterField('adult', a)} error={errors.adult}>
            {t('auth.fields.adult')}
          </CheckboxField>
          <CheckboxField t={t} checked={values.terms} onValue={(a) => setRegisterField('terms', a)} error={errors.terms}>
            {t('auth.fields.terms')}{' '}
            <a href={localePath(locale, '/terms')} target="_blank" rel="noopener">
              {t('auth.fields.termsLink')}
            </a>
          </CheckboxField>
          <RiskWarningText t={t} />
        </>
      )}

      {step === 'limits' && (
        <>
          <p className="auth-form__intro">{t('auth.register.limitsIntro')}</p>
          <TextField
            t={t}
            label={t('auth.fields.loss_limit')}
            inputMode="decimal"
            value={values.loss_limit}
            onValue={(amount) => setRegisterField('loss_limit', amount)}
            error={errors.loss_limit}
          />
          <SelectField
            t={t}
            label={t('auth.fields.loss_limit_period')}
            placeholder={t('auth.register.choose')}
            value={values.loss_limit_period}
            options={LIMIT_PERIODS.map((period) => ({ value: period, label: t(`responsibleGaming.periods.${period}`) }))}
            onValue={(period) => setRegisterField('loss_limit_period', period)}
            error={errors.loss_limit_period}
          />
          <SelectField
            t={t}
            label={t('auth.fields.session_limit_minutes')}
            placeholder={t('auth.register.choose')}
            value={values.session_limit_minutes}
            options={SESSION_LIMIT_MINUTES.map((minutes) => ({ value: String(minutes), label: durationText(t, minutes) }))}
            onValue={(minutes) => setRegisterField('session_limit_minutes', minutes)}
            error={errors.session_limit_minutes}
          />
        </>
      )}

      {step === 'captcha' && config.turnstile && (
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
      <div className="auth-form__actions">
        {index > 0 && (
          <button type="button" className="button" onClick={previousRegisterStep}>
            {t('auth.register.back')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {last ? t('auth.register.submit') : t('auth.register.next')}
        </button>
      </div>
      <p className="auth-form__switch">
        {t('auth.register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => switchAuthMode('login')}>
          {t('auth.header.login')}
        </button>
      </p>
    </form>
  );
}
