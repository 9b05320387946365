import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { isPresent } from './text.ts';

/** Verification codes are 6 digits. */
export const CODE_LENGTH = 6;

/** A verification code: missing → `validation.codeFirst`; not 6 digits → `validation.code`. */
export const CodeSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.codeFirst),
    v.string(VALIDATION_KEYS.code),
    v.transform((c: string) => c.trim()),
    v.regex(/^\d{6}$/, VALIDATION_KEYS.code),
  ),
  { abortPipeEarly: true },
);
