import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../../contract/documents.ts';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Pager } from '../components/Pager.tsx';
import { ReviewButtons } from '../components/ReviewButtons.tsx';
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
        <DataTable
          label={t('screens.documents')}
          caption={t('documents.caption', { count: list.total })}
          columns={['#', t('withdrawals.player'), t('documents.type'), t('documents.sent'), t('documents.file'), t('withdrawals.decision')]}
        >
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
                {d.status === 'pending' ? (
                  <ReviewButtons
                    id={d.id}
                    labels={{
                      approve: t('documents.approve', { id: d.id }),
                      reject: t('documents.reject', { id: d.id }),
                      reason: t('documents.reason'),
                      confirmReject: t('documents.confirmReject', { id: d.id }),
                    }}
                    onApprove={() => approveDocument(d.id)}
                    onReject={(reason) => rejectDocument(d.id, reason)}
                  />
                ) : (
                  <span className="muted">{d.reviewed_by ?? ''}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        label={t('documents.pages')}
        previous={page > 1 ? hrefOf('documents', { status, page: page - 1 }) : null}
        next={page < lastPage ? hrefOf('documents', { status, page: page + 1 }) : null}
      />
    </>
  );
}
