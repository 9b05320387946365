import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { ReviewButtons } from '../components/ReviewButtons.tsx';
import { formatDateTime, formatMoney, t } from '../i18n.ts';
import { $place, hrefOf, navigate } from '../router.ts';
import { $withdrawals, approveWithdrawal, loadWithdrawals, rejectWithdrawal } from '../stores/withdrawals.ts';

const STATUSES = ['5', '0', '4', '1', '2', '3'];

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
        <DataTable
          label={t('screens.withdrawals')}
          caption={t('withdrawals.caption', { count: list.total })}
          columns={['#', t('withdrawals.player'), t('withdrawals.amount'), t('withdrawals.pixKey'), t('withdrawals.requested'), t('withdrawals.status'), t('withdrawals.decision')]}
        >
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
                {w.status === 5 && (
                  <ReviewButtons
                    id={w.id}
                    labels={{
                      approve: t('withdrawals.approve', { id: w.id }),
                      reject: t('withdrawals.reject', { id: w.id }),
                      reason: t('withdrawals.reason'),
                      confirmReject: t('withdrawals.confirmReject', { id: w.id }),
                    }}
                    onApprove={() => approveWithdrawal(w.id)}
                    onReject={(reason) => rejectWithdrawal(w.id, reason)}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
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
