import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { registrationDetailsForm, saveRegistrationDetails } from '../../stores/registration-details.ts';
import { CheckboxField, CpfField, FormMessage } from '../auth/fields.tsx';

/**
 * The dialog's first step after a first Google sign-in on a regulated
 * tenant: the registration form's CPF, 18+ confirmation and terms, with the
 * form's own fields and words. `titleId` names the dialog; `onLogout` is the
 * other way out.
 */
export function RegistrationDetailsStep({ t, locale, titleId, onLogout }: { t: TFunction; locale: Locale; titleId: string; onLogout: () => void }) {
  const values = useStore(registrationDetailsForm.$values);
  const errors = useStore(registrationDetailsForm.$errors);
  const formError = useStore(registrationDetailsForm.$formError);
  const submitting = useStore(registrationDetailsForm.$submitting);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void saveRegistrationDetails();
  };

  return (
    <form className="rg-dialog__form" onSubmit={onSubmit} noValidate>
      <h2 id={titleId}>{t('responsibleGaming.registrationDetails.title')}</h2>
      <p>{t('responsibleGaming.registrationDetails.intro')}</p>
      <CpfField t={t} value={values.cpf} onValue={(cpf) => registrationDetailsForm.set('cpf', cpf)} error={errors.cpf} />
      <CheckboxField t={t} checked={values.adult} onValue={(adult) => registrationDetailsForm.set('adult', adult)} error={errors.adult}>
        {t('auth.fields.adult')}
      </CheckboxField>
      <CheckboxField t={t} checked={values.terms} onValue={(terms) => registrationDetailsForm.set('terms', terms)} error={errors.terms}>
        {t('auth.fields.terms')}{' '}
        <a href={localePath(locale, '/terms')} target="_blank" rel="noopener">
          {t('auth.fields.termsLink')}
        </a>
      </CheckboxField>
      <FormMessage t={t} message={formError} tone="error" />
      <div className="rg-dialog__actions">
        <button type="button" className="dialog-button" onClick={onLogout}>
          {t('responsibleGaming.session.logout')}
        </button>
        <button type="submit" className="dialog-button dialog-button--primary" disabled={submitting}>
          {t('responsibleGaming.registrationDetails.submit')}
        </button>
      </div>
    </form>
  );
}
