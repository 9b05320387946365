import type { TFunction } from 'i18next';
import { type InputHTMLAttributes, type ReactNode, useId, useMemo } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { Message } from '../../lib/auth/message.ts';
import { countryOptions } from '../../lib/auth/phone.ts';
import { formatCpf, formatPhoneInput } from '../../lib/forms/mask.ts';
import { FieldError } from './field-error.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useMaskedInput } from './use-masked-input.ts';
import { messageText } from './use-translator.ts';

/**
 * Form controls shared by the auth and account islands: a visible label, the
 * error under the control (`aria-invalid` + `aria-describedby`), and nothing
 * else. Values live in stores; these only render and report changes.
 */
interface ErrorProps {
  t: TFunction;
  error?: Message | null | undefined;
}

type NewPasswordField = 'password' | 'password_confirmation';

/** A password and its confirmation: registration, recovery's reset and the profile's password change. */
export function PasswordPairFields({
  t,
  values,
  errors,
  onValue,
  passwordLabelKey = 'auth.fields.new_password',
}: {
  t: TFunction;
  /** i18n key of the first field's label ("Nova senha" unless given). */
  passwordLabelKey?: string;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, Message | null>>;
  onValue: (field: NewPasswordField, value: string) => void;
}) {
  return (
    <>
      <PasswordField
        t={t}
        label={t(passwordLabelKey)}
        autoComplete="new-password"
        value={values.password}
        onValue={(p) => onValue('password', p)}
        error={errors.password}
      />
      <PasswordField
        t={t}
        label={t('auth.fields.password_confirmation')}
        autoComplete="new-password"
        value={values.password_confirmation}
        onValue={(p) => onValue('password_confirmation', p)}
        error={errors.password_confirmation}
      />
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function TextField({
  label,
  value,
  onValue,
  t,
  error,
  hint,
  format,
  ...input
}: ErrorProps &
  InputProps & {
    label: string;
    value: string;
    onValue: (value: string) => void;
    hint?: string;
    /** An input mask (`src/lib/forms/mask.ts`): the field shows and reports the formatted text. */
    format?: (text: string) => string;
  }) {
  const id = useId();
  const masked = useMaskedInput(value, onValue, format);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={masked.ref}
        value={value}
        onChange={masked.onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} t={t} error={error} />
    </div>
  );
}

export function SelectField<V extends string>({
  label,
  value,
  options,
  onValue,
  t,
  error,
  placeholder,
}: ErrorProps & { label: string; value: V | ''; options: { value: V; label: string }[]; onValue: (value: V) => void; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} t={t} error={error} />
    </div>
  );
}

export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onValue,
  t,
  error,
}: ErrorProps & { legend: string; name: string; value: V | ''; options: { value: V; label: string }[]; onValue: (value: V) => void }) {
  const id = useId();
  return (
    <fieldset className="field field--choices" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onValue(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} t={t} error={error} />
    </fieldset>
  );
}

export function CheckboxField({
  children,
  checked,
  onValue,
  t,
  error,
}: ErrorProps & { children: ReactNode; checked: boolean; onValue: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onValue(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{children}</label>
      <FieldError id={`${id}-error`} t={t} error={error} />
    </div>
  );
}

/** The CPF field of the login and register forms: masked as 000.000.000-00 while typed. */
export function CpfField({ t, value, onValue, error }: ErrorProps & { value: string; onValue: (cpf: string) => void }) {
  return (
    <TextField
      t={t}
      label={t('auth.fields.cpf')}
      inputMode="numeric"
      autoComplete="off"
      placeholder="000.000.000-00"
      format={formatCpf}
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}

/** Country (with calling code) and the national number, as one labelled group. */
export function PhoneField({
  t,
  locale,
  country,
  phone,
  onCountry,
  onPhone,
  error,
  hint,
  autoComplete = 'tel-national',
}: ErrorProps & {
  locale: Locale;
  country: CountryCode;
  phone: string;
  onCountry: (country: CountryCode) => void;
  onPhone: (phone: string) => void;
  hint?: string;
  /** `username` where the phone is the login (login, recovery); `tel-national` elsewhere. */
  autoComplete?: 'tel-national' | 'username';
}) {
  const id = useId();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const masked = useMaskedInput(phone, onPhone, (text) => formatPhoneInput(text, country));
  // A number typed for one country is rewritten in the next one's format.
  const changeCountry = (next: CountryCode) => {
    onCountry(next);
    if (phone.trim() !== '') onPhone(formatPhoneInput(phone, next));
  };
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field--phone">
      <div className="phone">
        <div className="phone__country">
          <label htmlFor={`${id}-country`}>{t('auth.fields.country')}</label>
          <select id={`${id}-country`} value={country} onChange={(e) => changeCountry(e.target.value as CountryCode)}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.name} (+${c.callingCode})`}
              </option>
            ))}
          </select>
        </div>
        <div className="phone__number">
          <label htmlFor={`${id}-number`}>{t('auth.fields.phone')}</label>
          <input
            id={`${id}-number`}
            ref={masked.ref}
            type="tel"
            inputMode="tel"
            autoComplete={autoComplete}
            value={phone}
            onChange={masked.onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} t={t} error={error} />
    </div>
  );
}

/** A form-level message: errors are alerts, notices are polite status updates. */
export function FormMessage({ t, message, tone }: { t: TFunction; message: Message | null | undefined; tone: 'error' | 'info' }) {
  if (!message) return null;
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {messageText(t, message)}
    </p>
  );
}
