import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId } from 'react';
import { formatPhone } from '../../lib/auth/phone.ts';
import { $passwordNotice, changePassword, passwordChangeForm } from '../../stores/password.ts';
import { $account, $profileNotice, emailForm, saveEmail } from '../../stores/profile.ts';
import { FormMessage, TextField, PasswordPairFields } from '../auth/fields.tsx';
import { PasswordField } from '../auth/PasswordField.tsx';

/** `/user/edit/access-data`: the phone used to log in, the e-mail, the password. */
export function AccessDataView({ t }: { t: TFunction }) {
  const user = useStore($account);
  const email = useStore(emailForm.$values);
  const emailErrors = useStore(emailForm.$errors);
  const emailError = useStore(emailForm.$formError);
  const emailSaving = useStore(emailForm.$submitting);
  const notice = useStore($profileNotice);
  const password = useStore(passwordChangeForm.$values);
  const passwordErrors = useStore(passwordChangeForm.$errors);
  const passwordError = useStore(passwordChangeForm.$formError);
  const passwordSaving = useStore(passwordChangeForm.$submitting);
  const passwordNotice = useStore($passwordNotice);
  const ids = useId();

  // The form starts from the stored user once it is known (and after GET /profile refreshes it).
  const storedEmail = user?.email ?? '';
  useEffect(() => {
    emailForm.reset();
  }, [storedEmail]);

  if (!user) return null;
  const onEmail = (event: SubmitEvent) => {
    event.preventDefault();
    void saveEmail();
  };
  const onPassword = (event: SubmitEvent) => {
    event.preventDefault();
    void changePassword();
  };

  return (
    <>
      <section className="account-card" aria-labelledby={`${ids}-email`}>
        <h2 id={`${ids}-email`}>{t('account.access.emailHeading')}</h2>
        <dl className="public-profile">
          <dt>{t('account.access.phone')}</dt>
          <dd>{formatPhone(user.username)}</dd>
        </dl>
        <form onSubmit={onEmail} noValidate>
          <TextField t={t} label={t('auth.fields.email')} type="email" autoComplete="email" value={email.email} onValue={(e) => emailForm.set('email', e)} error={emailErrors.email} />
          <FormMessage t={t} message={emailError} tone="error" />
          <FormMessage t={t} message={notice} tone="info" />
          <button type="submit" className="button button--primary" disabled={emailSaving}>
            {t('account.save')}
          </button>
        </form>
      </section>
      <section className="account-card" aria-labelledby={`${ids}-password`}>
        <h2 id={`${ids}-password`}>{t('account.password.heading')}</h2>
        <form onSubmit={onPassword} noValidate>
          <PasswordField
            t={t}
            label={t('auth.fields.current_password')}
            autoComplete="current-password"
            value={password.current_password}
            onValue={(p) => passwordChangeForm.set('current_password', p)}
            error={passwordErrors.current_password}
          />
          <PasswordPairFields t={t} values={password} errors={passwordErrors} onValue={(field, value) => passwordChangeForm.set(field, value)} />
          <FormMessage t={t} message={passwordError} tone="error" />
          <FormMessage t={t} message={passwordNotice} tone="info" />
          <button type="submit" className="button button--primary" disabled={passwordSaving}>
            {t('account.password.submit')}
          </button>
        </form>
      </section>
    </>
  );
}
