import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { SiteFileView } from '../../contract/site-files.ts';
import { focusSoon } from '../components/focus.ts';
import { LoadState } from '../components/LoadState.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $place, hrefOf } from '../router.ts';
import { $siteFiles, deleteUpload, loadSiteFiles, previewSource, uploadsPageOf } from '../stores/site-files.ts';

function Upload({ file, page }: { file: SiteFileView; page: number }) {
  const [source, setSource] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    let current = true;
    previewSource(file.path).then(
      (src) => current && setSource(src),
      () => current && setSource(null),
    );
    return () => {
      current = false;
    };
  }, [file.path]);
  const ask = () => {
    setRefusal(null);
    setConfirming(true);
    focusSoon('[data-confirm-delete]', item);
  };
  const cancel = () => {
    setConfirming(false);
    focusSoon('[data-ask-delete]', item);
  };
  const confirm = async () => {
    setBusy(true);
    const result = await deleteUpload(file.name, page);
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setRefusal(result.message);
      focusSoon('[data-ask-delete]', item);
    } else focusSoon('#site-uploads');
  };
  return (
    <li className="upload" ref={item}>
      {source ? <img className="upload__image" src={source} alt="" width={file.width} height={file.height} loading="lazy" /> : <span className="upload__image" aria-hidden="true" />}
      <div className="upload__text">
        <code className="upload__path">{file.path}</code>
        <span className="muted">{t('upload.details', { width: file.width, height: file.height, kb: Math.max(1, Math.round(file.size / 1024)), when: formatDateTime(file.createdAt) })}</span>
        {refusal && (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        )}
        {confirming ? (
          <div className="actions" role="group" aria-label={t('upload.delete', { name: file.name })}>
            <span>{t('upload.confirm')}</span>
            <button className="button button--small button--danger" type="button" data-confirm-delete disabled={busy} onClick={() => void confirm()}>
              {t('upload.confirmYes')}
            </button>
            <button className="button button--small" type="button" onClick={cancel}>
              {t('upload.cancel')}
            </button>
          </div>
        ) : (
          <div className="actions">
            <button className="button button--small" type="button" data-ask-delete aria-label={t('upload.delete', { name: file.name })} onClick={ask}>
              {t('upload.deleteShort')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The tenant's uploaded images, a page at a time (the page in the URL), each with its size and a guarded delete. */
export function SiteUploads() {
  const state = useStore($siteFiles);
  const place = useStore($place);
  const page = uploadsPageOf(place.query);
  useEffect(() => void loadSiteFiles(page), [page]);
  const data = state.data;
  return (
    <section className="card" aria-labelledby="site-uploads">
      <h2 id="site-uploads" tabIndex={-1}>
        {t('upload.listTitle')}
      </h2>
      <p className="muted">{t('upload.listIntro')}</p>
      <LoadState state={state} />
      {data && data.data.length === 0 && <p className="muted">{t('upload.none')}</p>}
      {data && data.data.length > 0 && (
        <ul className="uploads">
          {data.data.map((file) => (
            <Upload key={file.name} file={file} page={page} />
          ))}
        </ul>
      )}
      {data && <Pager label={t('upload.pages')} previous={page > 1 ? hrefOf('site', { uploads: page - 1 }) : null} next={page < data.last_page ? hrefOf('site', { uploads: page + 1 }) : null} />}
    </section>
  );
}
