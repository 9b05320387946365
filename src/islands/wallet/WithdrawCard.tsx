import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type SubmitEvent, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { VERIFICATION_PAGE_PATH } from '../../contract/documents.ts';
import type { WithdrawMethodView } from '../../contract/wallet.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { displayPixKey } from '../../lib/wallet/pix-key.ts';
import { withdrawalStatusKey } from '../../lib/wallet/withdrawal-status.ts';
import { $withdrawNeedsDocuments, $withdrawSetup, loadWithdrawSetup, requestWithdrawal, withdrawBlocked, withdrawForm } from '../../stores/withdraw.ts';
import { $lastWithdrawal } from '../../stores/withdrawals.ts';
import { FormMessage, TextField } from '../auth/fields.tsx';
import { messageText } from '../auth/use-translator.ts';
import { PixKeyForm } from './PixKeyForm.tsx';

/** "Sacar via Pix": the range, what is left to verify, the key to pay to, the amount; then adding a key. */
export function WithdrawCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const setup = useStore($withdrawSetup);
  const last = useStore($lastWithdrawal);
  const headingId = useId();

  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.withdraw.heading')}</h2>
      {setup.status === 'ready' && (
        <p className="wallet-range" data-testid="withdraw-range">
          {t('wallet.withdraw.range', { min: formatBRL(setup.limits.min, locale), max: formatBRL(setup.limits.max, locale) })}
        </p>
      )}
      <p className="field__hint">{t('wallet.withdraw.ownKeysOnly')}</p>
      {setup.status === 'loading' && <p role="status">{t('wallet.list.loading')}</p>}
      {setup.status === 'error' && (
        <div className="wallet-list__error">
          <p className="form-message form-message--error" role="alert">
            {messageText(t, setup.message)}
          </p>
          <button type="button" className="button" onClick={() => void loadWithdrawSetup()}>
            {t('wallet.list.retry')}
          </button>
        </div>
      )}
      {setup.status === 'ready' && setup.missingVerification.length > 0 && (
        <div className="notice wallet-verify" role="note" data-testid="withdraw-verification">
          <strong>{t('wallet.withdraw.verifyHeading')}</strong>
          <p>{t('wallet.withdraw.verifyText')}</p>
          <ul>
            {setup.missingVerification.map((what) => (
              <li key={what}>{t(`wallet.withdraw.missing.${what}`)}</li>
            ))}
          </ul>
          <a className="button button--primary wallet-link-button" href={localePath(locale, '/user/edit/verification')}>
            {t('wallet.withdraw.verifyLink')}
          </a>
        </div>
      )}
      {last && (
        <p className="form-message form-message--success" role="status" data-testid="withdraw-created">
          <strong>{t('wallet.withdraw.created')}</strong>
          {': '}
          {t('wallet.withdraw.createdText', { amount: formatBRL(last.amount, locale), key: displayPixKey(last.method.type, last.method.key) })}
          {' · '}
          {t(withdrawalStatusKey(last.status))}
        </p>
      )}
      {setup.status === 'ready' && <WithdrawForm t={t} locale={locale} methods={setup.methods} disabled={withdrawBlocked(setup)} labelledBy={headingId} />}
      <PixKeyForm t={t} />
    </section>
  );
}

function WithdrawForm({
  t,
  locale,
  methods,
  disabled,
  labelledBy,
}: {
  t: TFunction;
  locale: Locale;
  methods: WithdrawMethodView[];
  disabled: boolean;
  labelledBy: string;
}) {
  const values = useStore(withdrawForm.$values);
  const errors = useStore(withdrawForm.$errors);
  const formError = useStore(withdrawForm.$formError);
  const submitting = useStore(withdrawForm.$submitting);
  const needsDocuments = useStore($withdrawNeedsDocuments);
  const ids = useId();

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void requestWithdrawal();
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="withdraw-form" aria-labelledby={labelledBy}>
      <fieldset className="wallet-fieldset" disabled={disabled}>
        <fieldset
          className="field field--choices"
          aria-invalid={errors.method_id ? true : undefined}
          aria-describedby={errors.method_id ? `${ids}-method-error` : undefined}
        >
          <legend>{t('wallet.withdraw.keysLegend')}</legend>
          {methods.length === 0 ? (
            <p className="field__hint">{t('wallet.withdraw.noKeys')}</p>
          ) : (
            <div className="wallet-keys">
              {methods.map((method) => (
                <label key={method.id} className="choice wallet-key" data-testid="pix-key-option">
                  <input
                    type="radio"
                    name={`${ids}-method`}
                    value={method.id}
                    checked={values.method_id === method.id}
                    onChange={() => withdrawForm.set('method_id', method.id)}
                  />
                  <span className="wallet-key__type">{t(`wallet.pixKey.types.${method.type}`)}</span>
                  <span className="wallet-key__value">{displayPixKey(method.type, method.key)}</span>
                </label>
              ))}
            </div>
          )}
          {errors.method_id && (
            <p id={`${ids}-method-error`} className="field__error">
              {messageText(t, errors.method_id)}
            </p>
          )}
        </fieldset>
        <TextField
          t={t}
          label={t('wallet.withdraw.amount')}
          value={values.amount}
          onValue={(amount) => withdrawForm.set('amount', amount)}
          error={errors.amount}
          hint={t('wallet.withdraw.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          data-testid="withdraw-amount"
        />
        <FormMessage t={t} message={formError} tone="error" />
        {needsDocuments && (
          <p>
            <a href={localePath(locale, VERIFICATION_PAGE_PATH)}>{t('wallet.withdraw.documentsLink')}</a>
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={submitting || methods.length === 0} data-testid="withdraw-submit">
          {submitting ? t('wallet.withdraw.sending') : t('wallet.withdraw.submit')}
        </button>
      </fieldset>
    </form>
  );
}
