import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AuditEntryView } from '../../contract/backoffice.ts';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $place, hrefOf, navigate } from '../router.ts';
import { $audit, type AuditFilters, exportAudit, loadAudit } from '../stores/audit.ts';

function filtersOf(query: URLSearchParams): AuditFilters {
  return { action: query.get('action') ?? '', from: query.get('from') ?? '', to: query.get('to') ?? '', before: query.get('before') ?? '' };
}

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <pre>{JSON.stringify(value, null, 2)}</pre>
      </dd>
    </>
  );
}

function Entry({ e }: { e: AuditEntryView }) {
  return (
    <tr>
      <td>{formatDateTime(e.at)}</td>
      <td>{e.actor.kind === 'staff' ? `${e.actor.email} (${t(`roles.${e.actor.role ?? 'admin'}`)})` : t('audit.operatorKey')}</td>
      <td>
        <code>{e.action}</code>
      </td>
      <td className={e.status >= 400 ? 'status status--refused' : 'status'}>{e.status}</td>
      <td>
        <details>
          <summary>
            {e.method} {e.path}
          </summary>
          <dl className="audit-detail">
            <Json label={t('audit.request')} value={e.request} />
            <Json label={t('audit.before')} value={e.before} />
            <Json label={t('audit.after')} value={e.after} />
            {e.ip && (
              <>
                <dt>IP</dt>
                <dd>{e.ip}</dd>
              </>
            )}
          </dl>
        </details>
      </td>
    </tr>
  );
}

/** The append-only log of every change: filter by action and São Paulo days, page back, export what the filter shows as CSV. */
export function Audit() {
  const place = useStore($place);
  const state = useStore($audit);
  const filters = filtersOf(place.query);
  const key = JSON.stringify(filters);
  useEffect(() => void loadAudit(filtersOf(new URLSearchParams(place.query))), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filtersOf(place.query)), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(hrefOf('audit', { ...draft, before: '' }));
  };
  const rows = state.data?.data ?? [];
  return (
    <>
      <h1>{t('screens.audit')}</h1>
      <form className="filters" onSubmit={apply}>
        <div className="field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <input id="audit-action" value={draft.action} placeholder="withdrawals.approve" onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button className="button" type="submit">
          {t('common.filter')}
        </button>
        <button className="button" type="button" onClick={() => void exportAudit(filters)}>
          {t('audit.export')}
        </button>
      </form>
      <Outcome />
      <LoadState state={state} />
      {state.data && rows.length === 0 && <p className="muted">{t('audit.none')}</p>}
      {rows.length > 0 && (
        <DataTable label={t('screens.audit')} caption={t('audit.caption')} columns={[t('audit.when'), t('audit.who'), t('audit.action'), t('audit.status'), t('audit.what')]}>
          {rows.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </DataTable>
      )}
      <Pager
        label={t('audit.pages')}
        previous={filters.before ? hrefOf('audit', { ...filters, before: '' }) : null}
        next={state.data?.next ? hrefOf('audit', { ...filters, before: state.data.next }) : null}
      />
    </>
  );
}
