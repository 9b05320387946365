import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef } from 'react';
import {
  $closeConfirming,
  $closureConfirmWith,
  cancelClose,
  closeAccountForm,
  confirmClose,
  loadClosureInfo,
  requestClose,
} from '../../stores/account-closure.ts';
import { FormMessage, TextField } from '../auth/fields.tsx';
import { PasswordField } from '../auth/PasswordField.tsx';
import { useModalFocus } from '../shared/use-modal-focus.ts';

/** "Encerrar conta": the rules, an optional reason, then a dialog confirming with the password (or the typed word). */
export function CloseAccountCard({ t }: { t: TFunction }) {
  const values = useStore(closeAccountForm.$values);
  const errors = useStore(closeAccountForm.$errors);
  const formError = useStore(closeAccountForm.$formError);
  const submitting = useStore(closeAccountForm.$submitting);
  const confirming = useStore($closeConfirming);
  const confirmWith = useStore($closureConfirmWith);
  const headingId = useId();
  const dialogTitleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => void loadClosureInfo(), []);
  useModalFocus(dialog, confirming, { onDismiss: cancelClose });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    requestClose();
  };
  const onConfirm = (event: SubmitEvent) => {
    event.preventDefault();
    void confirmClose();
  };

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.closure.heading')}</h2>
      <p>{t('account.closure.intro')}</p>
      <p>{t('account.closure.balanceRule')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField t={t} label={t('account.closure.note')} maxLength={500} value={values.note} onValue={(v) => closeAccountForm.set('note', v)} error={errors.note} />
        <button type="submit" className="button button--danger">
          {t('account.closure.submit')}
        </button>
      </form>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={dialogTitleId}
        onCancel={(event) => {
          event.preventDefault();
          cancelClose();
        }}
      >
        <form onSubmit={onConfirm} noValidate>
          <h2 id={dialogTitleId}>{t('account.closure.confirmTitle')}</h2>
          <p>{t(confirmWith === 'word' ? 'account.closure.confirmWord' : 'account.closure.confirmPassword')}</p>
          {confirmWith === 'word' ? (
            <TextField
              t={t}
              label={t('account.closure.word')}
              autoComplete="off"
              value={values.confirmation}
              onValue={(v) => closeAccountForm.set('confirmation', v)}
              error={errors.confirmation}
            />
          ) : (
            <PasswordField
              t={t}
              label={t('auth.fields.password')}
              autoComplete="current-password"
              value={values.password}
              onValue={(v) => closeAccountForm.set('password', v)}
              error={errors.password}
            />
          )}
          <FormMessage t={t} message={formError} tone="error" />
          <div className="confirm-dialog__actions">
            <button type="button" className="button" onClick={cancelClose} data-autofocus>
              {t('account.closure.cancel')}
            </button>
            <button type="submit" className="button button--danger" disabled={submitting}>
              {t('account.closure.confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
