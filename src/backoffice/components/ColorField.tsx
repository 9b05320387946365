interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (hex: string) => void;
  error?: string | undefined;
}

/** A colour typed as #rrggbb beside a swatch picker (the picker is a mouse shortcut; the text field is what keyboards and screen readers use). */
export function ColorField({ id, label, value, onChange, error }: ColorFieldProps) {
  return (
    <div className="field field--color">
      <label htmlFor={id}>{label}</label>
      <span className="color-input">
        <input type="color" aria-hidden="true" tabIndex={-1} value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input
          id={id}
          value={value}
          pattern="#[0-9a-fA-F]{6}"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
