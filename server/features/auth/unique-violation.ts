import type { FieldErrors } from '../../http/errors.ts';

/** Unique indexes of `users` → the request field and message key a duplicate is reported on. */
const USER_UNIQUE_FIELDS: Record<string, [string, string]> = {
  users_tenant_username_unique: ['username', 'validation.phoneTaken'],
  users_tenant_email_unique: ['email', 'validation.emailTaken'],
  users_tenant_cpf_unique: ['cpf', 'validation.cpfTaken'],
};

/** The violated unique constraint's name, for PostgreSQL (postgres-js) and PGlite errors, also when wrapped by Drizzle. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint_name, constraint } = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint_name === 'string' ? constraint_name : typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * Field errors for a duplicate phone/e-mail/CPF hit at insert time (a race
 * the earlier checks could not see), or null when `error` is something else.
 * `fieldFor` renames fields (e.g. `username` → `phone`).
 */
export function userUniqueErrors(error: unknown, fieldFor: (field: string) => string = (f) => f): FieldErrors | null {
  const name = uniqueViolation(error);
  if (name === null) return null;
  const hit = USER_UNIQUE_FIELDS[name];
  return hit ? { [fieldFor(hit[0])]: [hit[1]] } : null;
}
