import { useId, type InputHTMLAttributes } from 'react';
import { describedBy, FieldNotes } from './FieldNotes.tsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  errors?: string[] | undefined;
}

/** A labelled input with its hint and errors tied to it for screen readers. */
export function Field({ label, hint, errors, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy(id, hint, errors)} aria-invalid={errors?.length ? true : undefined} {...input} />
      <FieldNotes id={id} hint={hint} errors={errors} />
    </div>
  );
}
