import type { TFunction } from 'i18next';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Message } from '../../lib/auth/message.ts';
import { FieldError } from './field-error.tsx';

/**
 * A password input with a show/hide toggle. The toggle is a `type="button"`
 * (never submits), a toggle button in ARIA terms: its name stays "Mostrar
 * senha" and `aria-pressed` says whether the password is shown (WAI-ARIA APG:
 * a toggle's label does not change with its state). A click keeps the focus
 * and the caret in the input; from the keyboard it is Tab + Space/Enter.
 */
export function PasswordField({
  t,
  label,
  value,
  onValue,
  error,
  autoComplete,
}: {
  t: TFunction;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: Message | null | undefined;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const selection = useRef<[number, number] | null>(null);

  // Switching the input's type resets its selection in some browsers: put it back.
  useLayoutEffect(() => {
    const el = input.current;
    const range = selection.current;
    selection.current = null;
    if (el && range && el.ownerDocument.activeElement === el) el.setSelectionRange(range[0], range[1]);
  }, [shown]);

  const toggle = () => {
    const el = input.current;
    if (el) selection.current = [el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length];
    setShown((s) => !s);
  };

  return (
    <div className="field field--password">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          ref={input}
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-pressed={shown}
          aria-controls={id}
          title={t(shown ? 'auth.fields.hidePassword' : 'auth.fields.showPassword')}
          // A pointer press must not take the focus (and the caret) away from the input.
          onMouseDown={(e) => e.preventDefault()}
          onClick={toggle}
        >
          <EyeIcon crossed={shown} />
          <span className="visually-hidden">{t('auth.fields.showPassword')}</span>
        </button>
      </div>
      <FieldError id={`${id}-error`} t={t} error={error} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
