import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';

/**
 * Characters refused in every text field: control characters (Cc), format
 * characters (Cf: zero-width space/joiners, bidi overrides such as U+202E,
 * soft hyphen, BOM), private-use and lone surrogates, line/paragraph
 * separators, and the visible-blank letters used to fake empty names
 * (Hangul fillers U+115F/U+1160/U+3164/U+FFA0, Braille blank U+2800).
 * Such characters let two different strings look identical or reorder what
 * a reader sees, so they are refused rather than silently removed.
 */
export const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether `text` contains a character of {@link FORBIDDEN_CHARACTERS}. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

/** Trims, NFC-normalises (so composed and decomposed "é" are one string) and collapses runs of spaces. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Present: not undefined, null or an all-blank string. */
export function isPresent(input: unknown): boolean {
  return input !== undefined && input !== null && !(typeof input === 'string' && input.trim() === '');
}

/** The string part of a text field: type, length bound, forbidden characters, normalisation. */
function textBody(max: number, normalize: (s: string) => string) {
  return v.pipe(
    v.string(VALIDATION_KEYS.generic),
    v.maxLength(max, VALIDATION_KEYS.generic),
    v.check((s: string) => !hasForbiddenCharacters(s), VALIDATION_KEYS.generic),
    v.transform(normalize),
  );
}

export interface TextOptions {
  /** Longest accepted input, checked before normalisation to bound work. */
  max: number;
  /** Message key when the field is missing or blank. Default `validation.required`. */
  requiredKey?: string;
  /** Default {@link normalizeText}. */
  normalize?: (s: string) => string;
}

/**
 * A required string field, one message at most: missing/blank →
 * `requiredKey`; not a string, too long or holding a forbidden character →
 * `validation.generic`; else the normalised text.
 */
export function requiredText(opts: TextOptions) {
  return v.config(
    v.pipe(v.unknown(), v.check(isPresent, opts.requiredKey ?? VALIDATION_KEYS.required), textBody(opts.max, opts.normalize ?? normalizeText)),
    { abortPipeEarly: true },
  );
}

/** Like {@link requiredText} but absent (undefined, null or blank) gives undefined. */
export function optionalText(opts: Omit<TextOptions, 'requiredKey'>) {
  return v.config(
    v.pipe(
      v.unknown(),
      v.transform((input): unknown => (isPresent(input) ? input : undefined)),
      v.optional(textBody(opts.max, opts.normalize ?? normalizeText)),
    ),
    { abortPipeEarly: true },
  );
}
