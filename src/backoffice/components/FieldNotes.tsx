/** The ids a field's `aria-describedby` names: its hint and its errors, when it has them. */
export function describedBy(id: string, hint: string | undefined, errors: string[] | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and errors under it, with the ids `describedBy` names. */
export function FieldNotes({ id, hint, errors }: { id: string; hint?: string | undefined; errors?: string[] | undefined }) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p className="field__error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}
