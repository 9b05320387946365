import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { isPresent } from './text.ts';

/**
 * One of `options`: missing → `validation.required`, anything else outside
 * the list → `validation.generic`.
 */
export function requiredChoice<const T extends readonly [string, ...string[]]>(options: T) {
  return v.config(v.pipe(v.unknown(), v.check(isPresent, VALIDATION_KEYS.required), v.picklist(options, VALIDATION_KEYS.generic)), {
    abortPipeEarly: true,
  });
}

/** Optional {@link requiredChoice}: absent gives undefined. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T) {
  return v.optional(v.picklist(options, VALIDATION_KEYS.generic));
}

/** A checkbox that must be ticked (`true` exactly); anything else → `key`. */
export function mustBeTrue(key: string) {
  return v.pipe(
    v.unknown(),
    v.check((x) => x === true, key),
    v.transform((): true => true),
  );
}

/** An optional boolean toggle: absent gives undefined; non-boolean → `validation.generic`. */
export const OptionalBoolean = v.optional(v.boolean(VALIDATION_KEYS.generic));

/** A required boolean: missing → required; non-boolean → generic. */
export const RequiredBoolean = v.config(v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null, VALIDATION_KEYS.required), v.boolean(VALIDATION_KEYS.generic)), {
  abortPipeEarly: true,
});

/** The interface languages (section 1). */
export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const GENDERS = ['male', 'female'] as const;
export const MARITAL_STATUSES = ['single', 'dating', 'married'] as const;

/**
 * A request body object whose missing fields are validated as `undefined`
 * (valibot's `object` would report a missing key with a generic English
 * "Invalid key" message; here each field's own schema decides, e.g.
 * `validation.required`). A body that is not an object → `validation.generic` on `body`.
 */
export function body<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.unknown(),
    v.transform((input): unknown => {
      if (Array.isArray(input)) return null;
      if (!input || typeof input !== 'object') return input;
      const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
      for (const key of Object.keys(entries)) if (!(key in filled)) filled[key] = undefined;
      return filled;
    }),
    v.object(entries, VALIDATION_KEYS.generic),
  );
}
