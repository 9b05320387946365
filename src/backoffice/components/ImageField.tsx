import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { t } from '../i18n.ts';
import { ACCEPTED_IMAGE_TYPES, previewSource, uploadSiteFile } from '../stores/site-files.ts';
import type { SiteFileView } from '../../contract/site-files.ts';
import { describedBy, FieldNotes } from './FieldNotes.tsx';

interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (path: string) => void;
  /** Told about a finished upload, e.g. to size a logo from the image. */
  onUploaded?: ((file: SiteFileView) => void) | undefined;
  hint?: string | undefined;
  errors?: string[] | undefined;
}

/**
 * An image setting: its site path or https address, typed or filled by an
 * upload (the button opens the file picker), with a preview of what it names.
 */
export function ImageField({ label, value, onChange, onUploaded, hint, errors }: ImageFieldProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (!value.trim()) setSource(null);
    else
      previewSource(value).then(
        (src) => current && setSource(src),
        () => current && setSource(null),
      );
    return () => {
      current = false;
    };
  }, [value]);
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    const result = await uploadSiteFile(file);
    setBusy(false);
    if (!result.ok) return setRefusal(result.message);
    onChange(result.file.path);
    onUploaded?.(result.file);
  };
  const shown = [...(errors ?? []), ...(refusal ? [refusal] : [])];
  return (
    <div className="field field--image">
      <label htmlFor={id}>{label}</label>
      <div className="image-input">
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy(id, hint, shown)} aria-invalid={shown.length ? true : undefined} />
        <button className="button button--small" type="button" disabled={busy} aria-label={t('upload.chooseFor', { field: label })} onClick={() => picker.current?.click()}>
          {busy ? t('upload.uploading') : t('upload.choose')}
        </button>
        <input ref={picker} type="file" accept={ACCEPTED_IMAGE_TYPES} hidden tabIndex={-1} data-testid={`upload-${label}`} onChange={(e) => void onPick(e)} />
      </div>
      <FieldNotes id={id} hint={hint} errors={shown} />
      <p className="visually-hidden" aria-live="polite">
        {busy ? t('upload.uploading') : ''}
      </p>
      {source && <img className="preview__image" src={source} alt={t('upload.preview', { field: label })} loading="lazy" />}
    </div>
  );
}
