import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../../contract/documents.ts';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $place, hrefOf, navigate } from '../router.ts';
import { $documents, approveDocument, documentFile, loadDocuments, rejectDocument, type ReviewDocument } from '../stores/documents.ts';

function Preview({ doc }: { doc: ReviewDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const open = async () => {
    setFailed(false);
    try {
      const made = await documentFile(doc.id);
      if (doc.mime === 'application/pdf') window.open(made, '_blank', 'noopener');
      setUrl(made);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="preview">
      {url && doc.mime !== 'application/pdf' ? (
        <img src={url} alt={t('documents.imageOf', { type: t(`documents.types.${doc.type}`), name: doc.user.name })} className="preview__image" />
      ) : (
        <button className="button button--small" type="button" onClick={() => void open()}>
          {t('documents.view', { id: doc.id })}
        </button>
      )}
      {failed && <p className="field__error">{t('documents.fileFailed')}</p>}
    </div>
  );
}

function Review({ doc }: { doc: ReviewDocument }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (doc.status !== 'pending') return <span className="muted">{doc.reviewed_by ?? ''}</span>;
  if (rejecting) {
    return (
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void rejectDocument(doc.id, reason.trim());
        }}
      >
        <label htmlFor={`doc-reason-${doc.id}`}>{t('documents.reason')}</label>
        <input id={`doc-reason-${doc.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
        <button className="button button--danger button--small" type="submit">
          {t('documents.confirmReject', { id: doc.id })}
        </button>
        <button className="button button--small" type="button" onClick={() => setRejecting(false)}>
          {t('common.cancel')}
        </button>
      </form>
    );
  }
  return (
    <div className="actions">
      <button className="button button--primary button--small" type="button" onClick={() => void approveDocument(doc.id)}>
        {t('documents.approve', { id: doc.id })}
      </button>
      <button className="button button--small" type="button" onClick={() => setRejecting(true)}>
        {t('documents.reject', { id: doc.id })}
      </button>
    </div>
  );
}

/** Identity documents waiting for review (compliance): see the file, approve, or reject with the reason the player reads. */
export function Documents() {
  const place = useStore($place);
  const state = useStore($documents);
  const asked = place.query.get('status') as DocumentStatus | null;
  const status: DocumentStatus = asked && (DOCUMENT_STATUSES as readonly string[]).includes(asked) ? asked : 'pending';
  const page = Math.max(1, Number(place.query.get('page') ?? 1) || 1);
  useEffect(() => void loadDocuments(status, page), [status, page]);
  const list = state.data;
  const lastPage = list ? Math.max(1, Math.ceil(list.total / list.per_page)) : 1;
  return (
    <>
      <h1>{t('screens.documents')}</h1>
      <div className="filters">
        <label htmlFor="doc-status">{t('documents.status')}</label>
        <select id="doc-status" value={status} onChange={(e) => navigate(hrefOf('documents', { status: e.target.value }))}>
          {DOCUMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`documents.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <Outcome />
      <LoadState state={state} />
      {list && list.documents.length === 0 && <p className="muted">{t('documents.none')}</p>}
      {list && list.documents.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('screens.documents')}>
          <table>
            <caption>{t('documents.caption', { count: list.total })}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('withdrawals.player')}</th>
                <th scope="col">{t('documents.type')}</th>
                <th scope="col">{t('documents.sent')}</th>
                <th scope="col">{t('documents.file')}</th>
                <th scope="col">{t('withdrawals.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {list.documents.map((d) => (
                <tr key={d.id} data-document={d.id}>
                  <th scope="row">{d.id}</th>
                  <td>
                    <a href={hrefOf('players', {}, String(d.user.id))} data-nav>
                      {d.user.name}
                    </a>
                    <br />
                    <span className="muted">CPF {d.user.cpf ?? '—'}</span>
                  </td>
                  <td>{t(`documents.types.${d.type}`)}</td>
                  <td>{formatDateTime(d.created_at)}</td>
                  <td>
                    <Preview doc={d} />
                  </td>
                  <td>
                    {d.reason ? <p className="muted">{d.reason}</p> : null}
                    <Review doc={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label={t('documents.pages')} previous={page > 1 ? hrefOf('documents', { status, page: page - 1 }) : null} next={page < lastPage ? hrefOf('documents', { status, page: page + 1 }) : null} />
    </>
  );
}
