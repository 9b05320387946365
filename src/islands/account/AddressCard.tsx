import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId } from 'react';
import { UF_CODES } from '../../contract/address.ts';
import { $address, $addressNotice, addressForm, loadAddress, saveAddress, setAddressField } from '../../stores/address.ts';
import { FormMessage, SelectField, TextField } from '../auth/fields.tsx';

/**
 * The postal address card of `/user/edit/personal-data` (issue 17): the
 * form shows the saved address and saves changes; rules and calls live in
 * stores/address.ts. Loaded only on that page (AccountApp's lazy import).
 */
export function AddressCard({ t }: { t: TFunction }) {
  const load = useStore($address);
  const values = useStore(addressForm.$values);
  const errors = useStore(addressForm.$errors);
  const formError = useStore(addressForm.$formError);
  const saving = useStore(addressForm.$submitting);
  const notice = useStore($addressNotice);
  const ids = useId();

  useEffect(() => {
    void loadAddress();
  }, []);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void saveAddress();
  };
  const label = (field: string) => t(`account.address.fields.${field}`);

  return (
    <section className="account-card" aria-labelledby={`${ids}-address`}>
      <h2 id={`${ids}-address`}>{t('account.address.heading')}</h2>
      <p>{t('account.address.intro')}</p>
      {load.status === 'error' && (
        <>
          <FormMessage t={t} message={load.message} tone="error" />
          <button type="button" className="button" onClick={() => void loadAddress()}>
            {t('account.address.retry')}
          </button>
        </>
      )}
      {(load.status === 'idle' || load.status === 'loading') && <p className="account-loading">{t('account.loading')}</p>}
      {load.status === 'ready' && (
        <form onSubmit={onSubmit} noValidate>
          {load.address === null && <p>{t('account.address.none')}</p>}
          <TextField
            t={t}
            label={label('cep')}
            hint={t('account.address.cepHint')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={9}
            value={values.cep}
            onValue={(v) => setAddressField('cep', v)}
            error={errors.cep}
          />
          <TextField t={t} label={label('street')} autoComplete="address-line1" value={values.street} onValue={(v) => setAddressField('street', v)} error={errors.street} />
          <div className="inline-fields address-row">
            <TextField t={t} label={label('number')} value={values.number} onValue={(v) => setAddressField('number', v)} error={errors.number} />
            <TextField
              t={t}
              label={label('complement')}
              autoComplete="address-line2"
              value={values.complement}
              onValue={(v) => setAddressField('complement', v)}
              error={errors.complement}
            />
          </div>
          <TextField t={t} label={label('district')} autoComplete="address-level3" value={values.district} onValue={(v) => setAddressField('district', v)} error={errors.district} />
          <div className="inline-fields address-row">
            <TextField t={t} label={label('city')} autoComplete="address-level2" value={values.city} onValue={(v) => setAddressField('city', v)} error={errors.city} />
            <SelectField
              t={t}
              label={label('state')}
              placeholder={t('account.address.statePlaceholder')}
              value={values.state}
              options={UF_CODES.map((uf) => ({ value: uf, label: uf }))}
              onValue={(v) => setAddressField('state', v)}
              error={errors.state}
            />
          </div>
          <FormMessage t={t} message={formError} tone="error" />
          <FormMessage t={t} message={notice} tone="info" />
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('account.address.save')}
          </button>
        </form>
      )}
    </section>
  );
}
