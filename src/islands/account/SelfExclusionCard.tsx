import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useId, useRef } from 'react';
import { SELF_EXCLUSION_UNITS } from '../../contract/validation/profile.ts';
import {
  $selfExclusionConfirming,
  cancelSelfExclusion,
  confirmSelfExclusion,
  requestSelfExclusion,
  selfExclusionForm,
} from '../../stores/self-exclusion.ts';
import { FormMessage, SelectField, TextField } from '../auth/fields.tsx';
import { useModalFocus } from '../shared/use-modal-focus.ts';

/** Self-exclusion: a period (value + unit), a confirmation dialog, then logged out with the dates shown. */
export function SelfExclusionCard({ t }: { t: TFunction }) {
  const values = useStore(selfExclusionForm.$values);
  const errors = useStore(selfExclusionForm.$errors);
  const formError = useStore(selfExclusionForm.$formError);
  const submitting = useStore(selfExclusionForm.$submitting);
  const confirming = useStore($selfExclusionConfirming);
  const headingId = useId();
  const dialogTitleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useModalFocus(dialog, confirming, { onDismiss: cancelSelfExclusion });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    requestSelfExclusion();
  };
  const unitLabel = t(`account.selfExclusion.units.${values.date}`).toLowerCase();

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.selfExclusion.heading')}</h2>
      <p>{t('account.selfExclusion.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <div className="inline-fields">
          <TextField
            t={t}
            label={t('auth.fields.value')}
            type="number"
            inputMode="numeric"
            min={1}
            value={values.value}
            onValue={(v) => selfExclusionForm.set('value', v)}
            error={errors.value}
          />
          <SelectField
            t={t}
            label={t('auth.fields.date')}
            value={values.date}
            options={SELF_EXCLUSION_UNITS.map((unit) => ({ value: unit, label: t(`account.selfExclusion.units.${unit}`) }))}
            onValue={(unit) => selfExclusionForm.set('date', unit)}
            error={errors.date}
          />
        </div>
        <FormMessage t={t} message={formError} tone="error" />
        <button type="submit" className="button button--danger">
          {t('account.selfExclusion.submit')}
        </button>
      </form>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={dialogTitleId}
        onCancel={(event) => {
          event.preventDefault();
          cancelSelfExclusion();
        }}
      >
        <h2 id={dialogTitleId}>{t('account.selfExclusion.confirmTitle')}</h2>
        <p>{t('account.selfExclusion.confirmText', { value: values.value, unit: unitLabel })}</p>
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={cancelSelfExclusion} data-autofocus>
            {t('account.selfExclusion.cancel')}
          </button>
          <button type="button" className="button button--danger" disabled={submitting} onClick={() => void confirmSelfExclusion()}>
            {t('account.selfExclusion.confirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
