import { AsYouType, type CountryCode, getCountryCallingCode } from 'libphonenumber-js';

/**
 * Input masks for the forms: CPF (`390.533.447-05`) and phone numbers as
 * written in their country (`(11) 98765-4321` in Brazil), applied while the
 * player types, with the caret kept next to the digit it was next to.
 *
 * The masked text is only what the field shows: the stores turn it into what
 * each call sends (CPF: its 11 digits; phone: E.164), as before the mask.
 */

/** A field's text and caret (a collapsed selection index into `value`). */
export interface MaskedText {
  value: string;
  caret: number;
}

/** One edit of a masked field: the text and caret after the browser applied it, and the text before. */
export interface MaskEdit extends MaskedText {
  previous: string;
  /** `InputEvent.inputType` (e.g. `deleteContentBackward`), when known. */
  inputType?: string | undefined;
}

const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';

/** The digits of `text`, in order. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** How many digits come before index `caret` of `text`. */
export function digitsBefore(text: string, caret: number): number {
  return digitsOf(text.slice(0, caret)).length;
}

/**
 * The index in `text` just after its `count`-th digit (0 → before the first
 * digit, or after a leading `+`); past the last digit → the end of `text`.
 */
export function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) {
    const first = [...text].findIndex(isDigit);
    return first < 0 ? text.length : Math.min(first, text.startsWith('+') ? 1 : 0);
  }
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (isDigit(text[i]!) && ++seen === count) return i + 1;
  }
  return text.length;
}

/** A mask's text without what follows its last digit (`(11)` → `(11`), so Backspace never meets a dangling separator. */
function trimTrailing(text: string): string {
  const end = caretAfterDigits(text, digitsOf(text).length);
  return digitsOf(text) === '' ? text.replace(/[^+]/g, '') : text.slice(0, end);
}

/** Up to 11 digits of `text` as the printed CPF, `000.000.000-00`, growing as they are typed. */
export function formatCpf(text: string): string {
  const d = digitsOf(text).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * A phone number as written in `country` while it is typed (libphonenumber's
 * AsYouType): `11987654321` → `(11) 98765-4321` for Brazil. A number pasted
 * with the country's own `+` code (`+55 11 98765-4321`) is shown in the
 * national form; another country's `+` number keeps its international form.
 * Anything that is not a number is left as typed, for the validator to name.
 */
export function formatPhoneInput(text: string, country: CountryCode): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!/^\+?[\d\s().-]*$/.test(trimmed)) return text;
  const ownCode = `+${getCountryCallingCode(country)}`;
  let national = trimmed;
  if (trimmed.startsWith('+')) {
    const digits = digitsOf(trimmed);
    national = digits.slice(ownCode.length - 1);
    if (!`+${digits}`.startsWith(ownCode) || national === '') return trimTrailing(new AsYouType().input(`+${digits}`));
  }
  return trimTrailing(new AsYouType(country).input(digitsOf(national)));
}

/**
 * Applies `format` to an edit and places the caret after the same digit it
 * followed in the browser's text. Deleting only a separator (Backspace right
 * after `-`, Delete before `.`) deletes the digit beyond it instead, so the
 * key is never stuck. Digits dropped at the front by `format` (a pasted
 * country code) move the caret back by as many.
 */
export function applyMask(edit: MaskEdit, format: (text: string) => string): MaskedText {
  let { value, caret } = edit;
  const deleting = edit.inputType === 'deleteContentBackward' || edit.inputType === 'deleteContentForward';
  if (deleting && value.length < edit.previous.length && digitsOf(value) === digitsOf(edit.previous)) {
    if (edit.inputType === 'deleteContentBackward') {
      let i = caret - 1;
      while (i >= 0 && !isDigit(value[i]!)) i--;
      if (i >= 0) {
        value = value.slice(0, i) + value.slice(i + 1);
        caret = i;
      }
    } else {
      let i = caret;
      while (i < value.length && !isDigit(value[i]!)) i++;
      if (i < value.length) value = value.slice(0, i) + value.slice(i + 1);
    }
  }
  const formatted = format(value);
  if (formatted === value) return { value, caret };
  const typed = digitsOf(value);
  const kept = digitsOf(formatted);
  let count = digitsBefore(value, caret);
  if (kept.length < typed.length && typed.endsWith(kept) && !typed.startsWith(kept)) count -= typed.length - kept.length;
  count = Math.max(0, Math.min(count, kept.length));
  return { value: formatted, caret: caretAfterDigits(formatted, count) };
}
