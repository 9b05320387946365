import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $deposit, closeDepositModal } from '../../stores/deposit.ts';
import { AmountStep } from './AmountStep.tsx';
import { ChargeStep } from './ChargeStep.tsx';
import { OutcomeStep } from './OutcomeStep.tsx';
import { PaidStep } from './PaidStep.tsx';
import '../auth/auth.css';
import './deposit.css';

/**
 * The deposit modal: a native modal `<dialog>` (the page behind is inert,
 * so focus stays inside; Esc closes it; focus returns to the opener),
 * labelled by its title, showing the step of `$deposit`. `data-txid` names
 * the charge on screen (browser tests pay it through the sandbox).
 */
export function DepositDialog({ t, locale }: { t: TFunction; locale: Locale }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useStore($deposit);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  const charge = 'charge' in state ? state.charge : null;
  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby={titleId}
      data-testid="deposit-modal"
      data-txid={charge?.txid}
      onCancel={(event) => {
        event.preventDefault();
        closeDepositModal();
      }}
    >
      <div className="auth-dialog__head">
        <h2 id={titleId}>{t('deposit.modal.title')}</h2>
        <button type="button" className="auth-dialog__close" onClick={closeDepositModal} aria-label={t('deposit.modal.close')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
          </svg>
        </button>
      </div>
      {(state.step === 'amount' || state.step === 'creating') && <AmountStep t={t} locale={locale} creating={state.step === 'creating'} />}
      {state.step === 'waiting' && <ChargeStep key={state.charge.txid} t={t} locale={locale} charge={state.charge} />}
      {state.step === 'paid' && <PaidStep t={t} locale={locale} charge={state.charge} />}
      {state.step === 'expired' && <OutcomeStep t={t} kind="expired" />}
      {state.step === 'refunded' && <OutcomeStep t={t} kind="refunded" message={state.message} />}
    </dialog>
  );
}
