import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { parseReais } from '../../lib/wallet/amount.ts';
import { depositPresets, effectiveMin, OPEN_LIMITS } from '../../lib/wallet/deposit-amount.ts';
import { $amountIssue, $amountText, $depositError, $depositLimits, choosePreset, generatePix, setAmountText } from '../../stores/deposit.ts';
import { messageText } from '../auth/use-translator.ts';
import { amountIssueText } from './amount-issue.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';

/** Amount in reais with presets, the tenant's range, and "Gerar Pix". */
export function AmountStep({ t, locale, creating }: { t: TFunction; locale: Locale; creating: boolean }) {
  const text = useStore($amountText);
  const issue = useStore($amountIssue);
  const formError = useStore($depositError);
  const limits = useStore($depositLimits);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useFocusOnMount<HTMLInputElement>();
  const presets = depositPresets(limits);
  const typed = parseReais(text);
  const hasRange = limits !== OPEN_LIMITS;

  return (
    <form
      className="deposit-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void generatePix();
      }}
    >
      <div className="field">
        <label htmlFor={inputId}>{t('deposit.amount.label')}</label>
        <div className="deposit-amount">
          <span className="deposit-amount__currency" aria-hidden="true">
            R$
          </span>
          <input
            ref={input}
            id={inputId}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={locale === 'pt' ? '0,00' : '0.00'}
            value={text}
            onChange={(event) => setAmountText(event.target.value)}
            aria-invalid={issue ? true : undefined}
            aria-describedby={[issue ? errorId : '', hasRange ? hintId : ''].join(' ').trim() || undefined}
            disabled={creating}
          />
        </div>
        {issue && (
          <p id={errorId} className="field__error">
            {amountIssueText(t, locale, issue)}
          </p>
        )}
        {hasRange && (
          <p id={hintId} className="field__hint">
            {t('deposit.amount.range', { min: formatBRL(effectiveMin(limits), locale), max: formatBRL(limits.max, locale) })}
          </p>
        )}
      </div>
      {presets.length > 0 && (
        <div className="deposit-presets" role="group" aria-label={t('deposit.amount.presets')}>
          {presets.map((centavos) => (
            <button
              key={centavos}
              type="button"
              className="choice"
              aria-pressed={typed === centavos}
              onClick={() => choosePreset(centavos, locale)}
              disabled={creating}
            >
              {formatBRL(centavos, locale)}
            </button>
          ))}
        </div>
      )}
      {formError && (
        <p className="form-message form-message--error" role="alert">
          {messageText(t, formError)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={creating} aria-busy={creating || undefined}>
        {creating ? t('deposit.amount.generating') : t('deposit.amount.generate')}
      </button>
    </form>
  );
}
