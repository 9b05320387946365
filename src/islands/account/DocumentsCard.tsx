import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { DOCUMENT_MIME_TYPES, DOCUMENT_TYPES, type DocumentsStatus, type DocumentType } from '../../contract/documents.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import {
  $documentActions,
  $documents,
  canUpload,
  cancelDocument,
  currentDocument,
  DOCUMENT_MAX_TEXT,
  type DocumentAction,
  followDocumentReviews,
  loadDocuments,
  uploadDocument,
} from '../../stores/documents.ts';
import { FormMessage } from '../auth/fields.tsx';
import { messageText } from '../auth/use-translator.ts';
import { ACCOUNT_VIEWS } from './views.ts';

/**
 * The identity documents of `/user/edit/verification` (issue 17): per type
 * its status, a file input to send one and cancel for one under review.
 * Rules and calls live in stores/documents.ts.
 */
export function DocumentsCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const load = useStore($documents);
  const ids = useId();

  useEffect(() => {
    void loadDocuments();
    return followDocumentReviews();
  }, []);

  return (
    <section className="account-card" aria-labelledby={`${ids}-documents`}>
      <h2 id={`${ids}-documents`}>{t('account.documents.heading')}</h2>
      <p>{t('account.documents.intro', { max: DOCUMENT_MAX_TEXT })}</p>
      {load.status === 'error' && (
        <>
          <FormMessage t={t} message={load.message} tone="error" />
          <button type="button" className="button" onClick={() => void loadDocuments()}>
            {t('account.documents.retry')}
          </button>
        </>
      )}
      {(load.status === 'idle' || load.status === 'loading') && <p className="account-loading">{t('account.loading')}</p>}
      {load.status === 'ready' && (
        <>
          {load.data.verified ? (
            <p className="form-message form-message--info">{t('account.documents.verified')}</p>
          ) : (
            load.data.required && <p className="form-message form-message--info">{t('account.documents.required')}</p>
          )}
          <ul className="document-list">
            {DOCUMENT_TYPES.map((type) => (
              <DocumentItem key={type} t={t} locale={locale} type={type} data={load.data} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DocumentItem({ t, locale, type, data }: { t: TFunction; locale: Locale; type: DocumentType; data: DocumentsStatus }) {
  const action: DocumentAction = useStore($documentActions)[type];
  const id = useId();
  const doc = currentDocument(data, type);
  const status = data.by_type[type] ?? 'none';
  const busy = action.status === 'uploading' || action.status === 'cancelling';
  const needsAddress = type === 'proof_of_address' && !data.has_address && status !== 'approved' && status !== 'pending';
  const name = t(`account.documents.types.${type}`);

  return (
    <li className="document-item" aria-labelledby={`${id}-name`}>
      <p className="document-item__head">
        <strong id={`${id}-name`}>{name}</strong>{' '}
        <span className={`status-pill${status === 'approved' ? ' status-pill--ok' : ''}`}>{t(`account.documents.status.${status}`)}</span>
      </p>
      {status === 'rejected' && doc?.reason && <p>{t('account.documents.reason', { reason: doc.reason })}</p>}
      {needsAddress && (
        <p>
          {t('account.documents.needsAddress')} <a href={localePath(locale, ACCOUNT_VIEWS.personalData.path)}>{t('account.documents.needsAddressLink')}</a>
        </p>
      )}
      {canUpload(data, type) && (
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('account.documents.file', { type: name })}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={DOCUMENT_MIME_TYPES.join(',')}
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadDocument(type, file);
              e.target.value = '';
            }}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('account.documents.fileHint', { max: DOCUMENT_MAX_TEXT })}
          </p>
        </div>
      )}
      {status === 'pending' && (
        <button type="button" className="button" disabled={busy} aria-describedby={`${id}-name`} onClick={() => void cancelDocument(type)}>
          {t('account.documents.cancel')}
        </button>
      )}
      {action.status === 'uploading' && (
        <p role="status" className="form-message form-message--info">
          {t('account.documents.uploading')}
        </p>
      )}
      {action.status === 'done' && <FormMessage t={t} message={action.message} tone="info" />}
      {action.status === 'error' && (
        <p className="field__error" role="alert">
          {messageText(t, action.message)}
        </p>
      )}
    </li>
  );
}
