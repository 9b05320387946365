import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { lazy, type SubmitEvent, Suspense, useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { navigateTo } from '../../lib/auth/navigate.ts';
import { localizedPath } from '../../lib/locale.ts';
import { $account, $languageSave, $profileNotice, personalForm, saveLanguage, savePersonalData } from '../../stores/profile.ts';
import { FormMessage, SelectField, TextField } from '../auth/fields.tsx';
import { messageText } from '../auth/use-translator.ts';

// The address form (issue 17) loads only on this page: the other account pages never download it.
const AddressCard = lazy(() => import('./AddressCard.tsx').then((m) => ({ default: m.AddressCard })));

/** `/user/edit/personal-data`: name, birth date, postal address, language; gender, marital status and CPF as registered. */
export function PersonalDataView({ t, locale }: { t: TFunction; locale: Locale }) {
  const user = useStore($account);
  const values = useStore(personalForm.$values);
  const errors = useStore(personalForm.$errors);
  const formError = useStore(personalForm.$formError);
  const saving = useStore(personalForm.$submitting);
  const notice = useStore($profileNotice);
  const language = useStore($languageSave);
  const ids = useId();

  const stored = JSON.stringify([user?.name, user?.birth_date]);
  useEffect(() => {
    personalForm.reset();
  }, [stored]);

  if (!user) return null;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void savePersonalData();
  };
  const onLanguage = async (next: 'pt' | 'en') => {
    // The site follows the account language: the same page in the other locale.
    if ((await saveLanguage(next)) && next !== locale) navigateTo(localizedPath(location.pathname, next));
  };
  const accountLanguage = user.language === 'en' || user.language === 'pt' ? user.language : locale;

  return (
    <>
      <section className="account-card" aria-labelledby={`${ids}-personal`}>
        <h2 id={`${ids}-personal`}>{t('account.titles.personalData')}</h2>
        <form onSubmit={onSubmit} noValidate>
          <TextField t={t} label={t('auth.fields.name')} autoComplete="name" value={values.name} onValue={(n) => personalForm.set('name', n)} error={errors.name} />
          <TextField
            t={t}
            label={t('auth.fields.birth_date')}
            type="date"
            autoComplete="bday"
            value={values.birth_date}
            onValue={(d) => personalForm.set('birth_date', d)}
            error={errors.birth_date}
          />
          <FormMessage t={t} message={formError} tone="error" />
          <FormMessage t={t} message={notice} tone="info" />
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('account.save')}
          </button>
        </form>
        <dl className="public-profile">
          {user.gender && (
            <>
              <dt>{t('account.personal.gender')}</dt>
              <dd>{t(`auth.gender.${user.gender}`)}</dd>
            </>
          )}
          {user.marital_status && (
            <>
              <dt>{t('account.personal.marital')}</dt>
              <dd>{t(`auth.marital.${user.marital_status}`)}</dd>
            </>
          )}
          {user.cpf_masked && (
            <>
              <dt>{t('account.personal.cpf')}</dt>
              <dd>{user.cpf_masked}</dd>
            </>
          )}
        </dl>
      </section>
      <Suspense fallback={<p className="account-loading">{t('account.loading')}</p>}>
        <AddressCard t={t} />
      </Suspense>
      <section className="account-card" aria-labelledby={`${ids}-language`}>
        <h2 id={`${ids}-language`}>{t('account.language.heading')}</h2>
        <SelectField
          t={t}
          label={t('auth.fields.language')}
          value={accountLanguage}
          options={[
            { value: 'pt', label: t('lang.pt') },
            { value: 'en', label: t('lang.en') },
          ]}
          onValue={(next) => void onLanguage(next)}
        />
        {language.status === 'error' && (
          <p className="field__error" role="alert">
            {messageText(t, language.message)}
          </p>
        )}
      </section>
    </>
  );
}
