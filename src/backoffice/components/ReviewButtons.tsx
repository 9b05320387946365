import { useState } from 'react';
import { t } from '../i18n.ts';

interface ReviewButtonsProps {
  id: number;
  labels: { approve: string; reject: string; reason: string; confirmReject: string };
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
}

/** Approve, or reject with the reason the player will read (asked in place), for one item of a review queue. */
export function ReviewButtons({ id, labels, onApprove, onReject }: ReviewButtonsProps) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  if (rejecting) {
    return (
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => onReject(reason.trim()));
        }}
      >
        <label htmlFor={`reason-${id}`}>{labels.reason}</label>
        <input id={`reason-${id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
        <button className="button button--danger button--small" type="submit" disabled={busy}>
          {labels.confirmReject}
        </button>
        <button className="button button--small" type="button" onClick={() => setRejecting(false)}>
          {t('common.cancel')}
        </button>
      </form>
    );
  }
  return (
    <div className="actions">
      <button className="button button--primary button--small" type="button" disabled={busy} onClick={() => void run(onApprove)}>
        {labels.approve}
      </button>
      <button className="button button--small" type="button" disabled={busy} onClick={() => setRejecting(true)}>
        {labels.reject}
      </button>
    </div>
  );
}
