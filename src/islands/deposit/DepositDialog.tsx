import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $deposit, closeDepositModal } from '../../stores/deposit.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
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
  const state = useStore($deposit);

  const charge = 'charge' in state ? state.charge : null;
  return (
    <ModalDialog
      title={t('deposit.modal.title')}
      closeLabel={t('deposit.modal.close')}
      onClose={closeDepositModal}
      data={{ testid: 'deposit-modal', txid: charge?.txid }}
    >
      {(state.step === 'amount' || state.step === 'creating') && <AmountStep t={t} locale={locale} creating={state.step === 'creating'} />}
      {state.step === 'waiting' && <ChargeStep key={state.charge.txid} t={t} locale={locale} charge={state.charge} />}
      {state.step === 'paid' && <PaidStep t={t} locale={locale} charge={state.charge} />}
      {state.step === 'expired' && <OutcomeStep t={t} kind="expired" />}
      {state.step === 'refunded' && <OutcomeStep t={t} kind="refunded" message={state.message} />}
    </ModalDialog>
  );
}
