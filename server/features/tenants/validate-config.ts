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
