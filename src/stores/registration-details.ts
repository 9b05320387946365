import type { ResponsibleGamingView } from '../contract/responsible-gaming.ts';
import { CompleteRegistrationSchema } from '../contract/validation/complete-registration.ts';
import { cpfDigits } from '../contract/validation/cpf.ts';
import type { AccountUser } from '../lib/auth/account-user.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { api } from './api.ts';
import { adoptUser } from './auth.ts';
import { createForm, type FieldErrors } from './form.ts';
import { askRegistrationLimits } from './registration-limits.ts';
import { $session } from './session.ts';

/**
 * The first step of the dialog after a first Google sign-in on a regulated
 * tenant: what the registration form asks and Google skipped — the CPF, the
 * 18+ confirmation and the terms (`POST /auth/complete-registration`, which
 * checks the CPF as registration does: valid, not on another account, not
 * barred by the regulator). Then the dialog moves on to the limits.
 */
export interface RegistrationDetailsValues {
  /** As typed (masked). */
  cpf: string;
  adult: boolean;
  terms: boolean;
}

const body = (values: RegistrationDetailsValues) => ({ cpf: cpfDigits(values.cpf.trim()), adult: values.adult, terms: values.terms });

export const registrationDetailsForm = createForm<RegistrationDetailsValues>({
  initial: () => ({ cpf: '', adult: false, terms: false }),
  check: (values) => issuesByField(CompleteRegistrationSchema, body(values)) as FieldErrors<keyof RegistrationDetailsValues>,
});

/**
 * Sends the data; on success the session's user gets the (masked) CPF and
 * the dialog asks for what is still owed (the limits). A refusal shows in
 * the platform's words: under the CPF (taken, barred) or in the form's
 * message (the regulator unreachable).
 */
export async function saveRegistrationDetails(): Promise<boolean> {
  if (!registrationDetailsForm.validate()) return false;
  try {
    await registrationDetailsForm.submit(async () => {
      const { data } = await api.post<{ data: AccountUser }>('/auth/complete-registration', body(registrationDetailsForm.$values.get()));
      adoptUser(data);
      askRegistrationLimits(await api.get<ResponsibleGamingView>('/responsible-gambling'));
    });
    registrationDetailsForm.reset();
    return true;
  } catch (error) {
    registrationDetailsForm.showApiError(error);
    return false;
  }
}

// Another player (or a guest) must never find the previous player's CPF in the field.
$session.listen((session) => {
  if (session.status !== 'user') registrationDetailsForm.reset();
});
