import { t } from '../i18n.ts';
import { useId } from 'react';
import { describedBy, FieldNotes } from './FieldNotes.tsx';

/** A labelled multi-line field (HTML of a page or promotion), with its hint and errors tied to it. */
export function TextArea({
  label,
  value,
  onChange,
  hint,
  errors,
  rows = 6,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  hint?: string;
  errors?: string[] | undefined;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="code-area"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy(id, hint, errors)}
        aria-invalid={errors?.length ? true : undefined}
      />
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** Save and cancel at the foot of an editor. */
export function SaveOrCancel({ save, onCancel }: { save: string; onCancel: () => void }) {
  return (
    <div className="actions">
      <button className="button button--primary" type="submit">
        {save}
      </button>
      <button className="button" type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
