import { CpfSchema } from './cpf.ts';
import { body, mustBeTrue } from './fields.ts';
import { VALIDATION_KEYS } from './keys.ts';

/**
 * `POST /auth/complete-registration {cpf, adult, terms}`: what a regulated
 * tenant's registration form asks and a first Google sign-in skipped (the
 * form confirms 18+ with a check box, not a birth date, so neither does this).
 */
export const CompleteRegistrationSchema = body({
  cpf: CpfSchema,
  adult: mustBeTrue(VALIDATION_KEYS.adult),
  terms: mustBeTrue(VALIDATION_KEYS.terms),
});
