import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId, useRef } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { WithdrawalView } from '../../contract/wallet.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { displayPixKey } from '../../lib/wallet/pix-key.ts';
import { cancelSecondsLeft, canCancelNow, withdrawalStatusKey, withdrawalTone } from '../../lib/wallet/withdrawal-status.ts';
import {
  $cancelFlow,
  $cancelNotice,
  askCancelWithdrawal,
  confirmCancelWithdrawal,
  dismissCancelWithdrawal,
  withdrawals,
} from '../../stores/withdrawals.ts';
import { FormMessage } from '../auth/fields.tsx';
import { useNow } from '../deposit/use-now.ts';
import { messageText } from '../auth/use-translator.ts';
import { whenText } from './format.ts';
import { ListStatus } from './ListStatus.tsx';
import { useModalFocus } from '../shared/use-modal-focus.ts';

/** "Seus saques": every withdrawal with its status in words, and "Cancelar" (after a confirmation) while still cancellable. */
export function WithdrawalsCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const { items } = useStore(withdrawals.$state);
  const flow = useStore($cancelFlow);
  const notice = useStore($cancelNotice);
  const headingId = useId();
  // Ticks every second for the cancel countdown (a withdrawal can be cancelled only in its hold period).
  const nowMs = useNow(1000);
  const now = new Date(nowMs);

  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.withdrawals.heading')}</h2>
      <FormMessage t={t} message={notice} tone="info" />
      {items.length > 0 && (
        <ul className="wallet-rows">
          {items.map((w) => (
            <li key={w.id} className="wallet-row" data-testid="withdrawal-row" data-status={w.status} data-id={w.id}>
              <span className="wallet-row__main">
                <span className="wallet-row__title">{formatBRL(w.amount, locale)}</span>
                <span className="wallet-row__meta">
                  {t('wallet.withdrawals.to', { key: `${t(`wallet.pixKey.types.${w.method.type}`)} ${displayPixKey(w.method.type, w.method.key)}` })}
                </span>
                <span className="wallet-row__meta">
                  <time dateTime={w.created_at}>{whenText(t, w.created_at, locale, now)}</time>
                </span>
              </span>
              <span className="wallet-row__end">
                <span className={`status-pill wallet-status wallet-status--${withdrawalTone(w.status)}`}>{t(withdrawalStatusKey(w.status))}</span>
                {canCancelNow(w, nowMs) && (
                  <CancelWindow t={t} secondsLeft={cancelSecondsLeft(w, nowMs)} />
                )}
                {canCancelNow(w, nowMs) && (
                  <button
                    type="button"
                    className="button button--small"
                    data-testid="withdrawal-cancel"
                    disabled={flow.status === 'cancelling'}
                    aria-label={`${t('wallet.withdrawals.cancel')} ${formatBRL(w.amount, locale)}`}
                    onClick={() => askCancelWithdrawal(w)}
                  >
                    {t('wallet.withdrawals.cancel')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListStatus t={t} list={withdrawals} emptyKey="wallet.withdrawals.empty" />
      <ConfirmCancelDialog t={t} locale={locale} />
    </section>
  );
}

/** "Você pode cancelar por mais 42 s" beside the button while the hold period runs; nothing without a deadline. */
function CancelWindow({ t, secondsLeft }: { t: TFunction; secondsLeft: number | null }) {
  if (secondsLeft === null) return null;
  return (
    <span className="wallet-row__meta wallet-row__cancel-window" data-testid="withdrawal-cancel-window">
      {t('wallet.withdrawals.cancelWindow', { seconds: secondsLeft })}
    </span>
  );
}

/** The "Tem certeza…?" dialog: a modal <dialog> whose open state follows `$cancelFlow`; Esc is "Voltar". */
function ConfirmCancelDialog({ t, locale }: { t: TFunction; locale: Locale }) {
  const flow = useStore($cancelFlow);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const open = flow.status !== 'idle';
  const withdrawal: WithdrawalView | null = flow.status === 'idle' ? null : flow.withdrawal;

  useModalFocus(dialog, open, { onDismiss: dismissCancelWithdrawal });

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      data-testid="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        dismissCancelWithdrawal();
      }}
    >
      <h2 id={titleId}>{t('wallet.withdrawals.confirmTitle')}</h2>
      <p id={textId}>{withdrawal ? t('wallet.withdrawals.confirmText', { amount: formatBRL(withdrawal.amount, locale) }) : ''}</p>
      {flow.status === 'error' && (
        <p className="form-message form-message--error" role="alert">
          {messageText(t, flow.message)}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={dismissCancelWithdrawal} disabled={flow.status === 'cancelling'} data-autofocus>
          {t('wallet.withdrawals.confirmBack')}
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid="confirm-yes"
          disabled={flow.status === 'cancelling'}
          onClick={() => void confirmCancelWithdrawal()}
        >
          {t('wallet.withdrawals.confirmYes')}
        </button>
      </div>
    </dialog>
  );
}
