import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { OperatorWithdrawalView } from '../../contract/wallet.ts';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, formatMoney, t } from '../i18n.ts';
import { $place, hrefOf, navigate } from '../router.ts';
import { $withdrawals, approveWithdrawal, loadWithdrawals, rejectWithdrawal } from '../stores/withdrawals.ts';

const STATUSES = ['5', '0', '4', '1', '2', '3'];

function ReviewActions({ w }: { w: OperatorWithdrawalView }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<boolean>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  if (w.status !== 5) return null;
  if (rejecting) {
    return (
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => rejectWithdrawal(w.id, reason.trim()));
        }}
      >
        <label htmlFor={`reason-${w.id}`}>{t('withdrawals.reason')}</label>
        <input id={`reason-${w.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
        <button className="button button--danger button--small" type="submit" disabled={busy}>
          {t('withdrawals.confirmReject', { id: w.id })}
        </button>
        <button className="button button--small" type="button" onClick={() => setRejecting(false)}>
          {t('common.cancel')}
        </button>
      </form>
    );
  }
  return (
    <div className="actions">
      <button className="button button--primary button--small" type="button" disabled={busy} onClick={() => void run(() => approveWithdrawal(w.id))}>
        {t('withdrawals.approve', { id: w.id })}
      </button>
      <button className="button button--small" type="button" disabled={busy} onClick={() => setRejecting(true)}>
        {t('withdrawals.reject', { id: w.id })}
      </button>
    </div>
  );
}

/** The review queue: status 5 first (the ones waiting for a decision), any status by the filter, 15 a page. */
export function Withdrawals() {
  const place = useStore($place);
  const state = useStore($withdrawals);
  const status = place.query.get('status') ?? '5';
  const page = Math.max(1, Number(place.query.get('page') ?? 1) || 1);
  useEffect(() => void loadWithdrawals({ status, page }), [status, page]);
  const list = state.data;
  return (
    <>
      <h1>{t('screens.withdrawals')}</h1>
      <div className="filters">
        <label htmlFor="status-filter">{t('withdrawals.status')}</label>
        <select id="status-filter" value={status} onChange={(e) => navigate(hrefOf('withdrawals', { status: e.target.value }))}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`withdrawals.statuses.${s}`)}
            </option>
          ))}
          <option value="">{t('withdrawals.all')}</option>
        </select>
      </div>
      <Outcome />
      <LoadState state={state} />
      {list && list.data.length === 0 && <p className="muted">{t('withdrawals.none')}</p>}
      {list && list.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('screens.withdrawals')}>
          <table>
            <caption>{t('withdrawals.caption', { count: list.total })}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('withdrawals.player')}</th>
                <th scope="col">{t('withdrawals.amount')}</th>
                <th scope="col">{t('withdrawals.pixKey')}</th>
                <th scope="col">{t('withdrawals.requested')}</th>
                <th scope="col">{t('withdrawals.status')}</th>
                <th scope="col">{t('withdrawals.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((w) => (
                <tr key={w.id} data-withdrawal={w.id}>
                  <th scope="row">{w.id}</th>
                  <td>
                    {w.user.name} <span className="muted">#{w.user.id}</span>
                  </td>
                  <td className="num">{formatMoney(w.amount)}</td>
                  <td>
                    {t(`withdrawals.keyTypes.${w.method.type}`)}: {w.method.key}
                  </td>
                  <td>{formatDateTime(w.created_at)}</td>
                  <td>
                    {t(`withdrawals.statuses.${w.status}`)}
                    {w.note ? <span className="muted"> · {w.note}</span> : null}
                  </td>
                  <td>
                    <ReviewActions w={w} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && (
        <Pager
          label={t('withdrawals.pages')}
          previous={page > 1 ? hrefOf('withdrawals', { status, page: page - 1 }) : null}
          next={page < list.last_page ? hrefOf('withdrawals', { status, page: page + 1 }) : null}
        />
      )}
    </>
  );
}
