import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { hasForbiddenCharacters, isPresent } from './text.ts';

/** Section 9: e-mail max 30 characters. */
export const EMAIL_MAX = 30;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** What a domain may hold before IDN conversion: letters of any script, digits, hyphens, dots. */
const DOMAIN_INPUT = /^[\p{L}\p{M}\p{Nd}.-]+$/u;

/**
 * The address in the form it is stored and compared: lower case, domain in
 * ASCII (an internationalised domain becomes its `xn--` punycode form), or
 * null when it is not a valid address.
 *
 * Decision: the local part must be ASCII (no SMTPUTF8 mailboxes; they are rare
 * in Brazil and many providers cannot deliver to them); the domain may be
 * written in Unicode and is converted with the WHATWG URL host parser, which
 * both browsers and Node implement. The 30-character limit applies to this
 * stored form.
 */
export function normalizeEmail(input: string): string | null {
  const at = input.lastIndexOf('@');
  if (at < 1 || at === input.length - 1) return null;
  const local = input.slice(0, at);
  const domain = input.slice(at + 1).normalize('NFC');
  if (local.length > 64 || !LOCAL_PART.test(local) || !DOMAIN_INPUT.test(domain)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l)) || !/^(xn--[a-z0-9-]+|[a-z]{2,63})$/.test(labels.at(-1) ?? '')) return null;
  return `${local.toLowerCase()}@${ascii}`;
}

/** An e-mail field: missing → required; invalid → `validation.email`; over 30 → `validation.emailMax`; output: normalised. */
export const EmailSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(VALIDATION_KEYS.email),
    v.transform((s: string) => s.trim()),
    v.maxLength(254, VALIDATION_KEYS.emailMax),
    v.check((s: string) => !hasForbiddenCharacters(s) && normalizeEmail(s) !== null, VALIDATION_KEYS.email),
    v.transform((s: string) => normalizeEmail(s) ?? s),
    v.maxLength(EMAIL_MAX, VALIDATION_KEYS.emailMax),
  ),
  { abortPipeEarly: true },
);
