import * as v from 'valibot';
import { type SiteConfig, SiteConfigSchema, siteConfigProblems } from '../../../src/contract/site-config.ts';
import { type FieldErrors, ValidationError } from '../../http/errors.ts';
import { fieldErrorsFromIssues } from '../../http/on-error.ts';

/**
 * Checks a candidate site configuration against the shared schema and its
 * cross-field rules.
 * @returns the parsed configuration (unknown keys dropped).
 * @throws ValidationError (422) whose `errors` names every bad field by its
 * dotted path, e.g. `colors.primary`, `min_deposit`.
 */
export function validateSiteConfig(input: unknown): SiteConfig {
  const result = v.safeParse(SiteConfigSchema, input);
  if (!result.success) throw new ValidationError(fieldErrorsFromIssues(result.issues), 'invalid_site_config');
  const problems = siteConfigProblems(result.output);
  if (problems.length > 0) {
    const errors: FieldErrors = {};
    for (const problem of problems) {
      // Each cross-field message starts with the field it is about.
      const field = problem.split(' ')[0] ?? 'config';
      (errors[field] ??= []).push(problem);
    }
    throw new ValidationError(errors, 'invalid_site_config');
  }
  return result.output;
}

/** i18n key of the field error for a `casino_id` that is not the tenant's own id. */
export const CASINO_ID_FIXED_KEY = 'validation.casinoIdFixed';

/**
 * Validates an operator's configuration write for tenant `tenantId`.
 * `casino_id` is not the operator's to choose: it is the tenant's own id
 * (it names the tenant's realtime channels). Left out, it is filled in; the
 * same value is accepted, so a configuration read back can be written back.
 * @throws ValidationError (422, field `casino_id`) for any other value, and
 * as {@link validateSiteConfig} for the rest; nothing is written then.
 */
export function validateTenantConfig(input: unknown, tenantId: number): SiteConfig {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const given = (input as Record<string, unknown>).casino_id;
    if (given !== undefined && given !== tenantId) throw new ValidationError({ casino_id: [CASINO_ID_FIXED_KEY] }, 'invalid_site_config');
    return validateSiteConfig({ ...input, casino_id: tenantId });
  }
  return validateSiteConfig(input);
}
