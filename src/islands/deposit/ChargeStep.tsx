import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { formatCountdown } from '../../lib/wallet/deposit-countdown.ts';
import { $copyState, $sandboxPayState, changeAmount, copyPixCode, payInSandbox, type PixCharge } from '../../stores/deposit.ts';
import { PixQr } from './PixQr.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { useNow } from './use-now.ts';

/** A charge waiting for payment: QR, copy-paste code with "Copiar", countdown; in the demo, its id and "Pagar no sandbox". */
export function ChargeStep({ t, locale, charge }: { t: TFunction; locale: Locale; charge: PixCharge }) {
  const copy = useStore($copyState);
  const sandboxPay = useStore($sandboxPayState);
  const codeId = useId();
  const copyStatusId = useId();
  const code = useRef<HTMLTextAreaElement>(null);
  const copyButton = useFocusOnMount<HTMLButtonElement>();
  const now = useNow(1000);
  const amount = formatBRL(charge.amount, locale);

  useEffect(() => {
    // Copy refused: select the code so the player can copy it by hand.
    if (copy === 'failed') {
      code.current?.focus();
      code.current?.select();
    }
  }, [copy]);

  return (
    <div className="deposit-step deposit-charge">
      <p className="deposit-charge__amount">{t('deposit.charge.amount', { amount })}</p>
      <PixQr code={charge.code} label={t('deposit.charge.qrLabel', { amount })} />
      <p className="deposit-charge__timer">
        {t('deposit.charge.expiresIn')}{' '}
        <span role="timer" className="deposit-charge__clock">
          {formatCountdown(charge.deadline - now)}
        </span>
      </p>
      <p className="field__hint">{t('deposit.charge.instructions')}</p>
      <div className="field">
        <label htmlFor={codeId}>{t('deposit.charge.codeLabel')}</label>
        <textarea
          ref={code}
          id={codeId}
          className="deposit-charge__code"
          readOnly
          rows={3}
          value={charge.code}
          data-testid="pix-code"
          aria-describedby={copyStatusId}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <button ref={copyButton} type="button" className="button button--primary" onClick={() => void copyPixCode()}>
        {t('deposit.charge.copy')}
      </button>
      <p id={copyStatusId} role="status" className={`deposit-charge__copy deposit-charge__copy--${copy}`}>
        {copy === 'copied' ? t('deposit.charge.copied') : copy === 'failed' ? t('deposit.charge.copyFailed') : ''}
      </p>
      <p className="deposit-charge__waiting">
        <span className="deposit-spinner" aria-hidden="true" />
        {t('deposit.charge.waiting')}
      </p>
      {charge.sandboxPay && (
        <section className="deposit-sandbox" aria-label={t('deposit.charge.sandboxPay')}>
          <p className="field__hint">{t('deposit.charge.sandboxNote')}</p>
          <p className="deposit-sandbox__id">
            {t('deposit.charge.chargeId')}: <code data-testid="pix-txid">{charge.txid}</code>
          </p>
          <button type="button" className="button" disabled={sandboxPay === 'paying'} onClick={() => void payInSandbox()}>
            {sandboxPay === 'paying' ? t('deposit.charge.sandboxPaying') : t('deposit.charge.sandboxPay')}
          </button>
          {sandboxPay === 'failed' && (
            <p role="alert" className="field__error">
              {t('deposit.charge.sandboxFailed')}
            </p>
          )}
        </section>
      )}
      <button type="button" className="link-button" onClick={changeAmount}>
        {t('deposit.charge.changeAmount')}
      </button>
    </div>
  );
}
