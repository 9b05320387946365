import { atom } from 'nanostores';
import * as v from 'valibot';
import { type LimitPeriod, RegistrationLimitsEntries, type ResponsibleGamingView, type UpdateLimitsInput } from '../contract/responsible-gaming.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { parseReais } from '../lib/wallet/amount.ts';
import { api } from './api.ts';
import { createForm, type FieldErrors } from './form.ts';
import { $session } from './session.ts';
import { scheduleTimeAlerts } from './time-alert.ts';

/**
 * What a regulated tenant's registration form asks and a first Google
 * sign-in skipped, asked right after it in two steps of one dialog: the
 * form's data (`details`: CPF, 18+ confirmation, terms; stores/registration-details.ts),
 * then the registration limits (Portaria SPA/MF 1.231/2024 as amended by
 * 2.579/2025): a loss limit with its period and a session-time limit. The
 * platform refuses bets and deposits until both are given
 * (`registration_incomplete`, `limits_required`); this dialog is how the player gives them.
 */
export type RegistrationLimitsState = { status: 'hidden' } | { status: 'asking'; step: 'details' | 'limits' };

export const $registrationLimits = atom<RegistrationLimitsState>({ status: 'hidden' });

export interface RegistrationLimitValues {
  /** Reais as typed. */
  loss_limit: string;
  loss_limit_period: '' | LimitPeriod;
  session_limit_minutes: string;
}

const schema = v.object(RegistrationLimitsEntries);

/** The values as the shared registration schema reads them (centavos, minutes); an unreadable amount stays as typed, and is refused. */
function asRegistration(values: RegistrationLimitValues): Record<string, unknown> {
  return {
    loss_limit: parseReais(values.loss_limit) ?? (values.loss_limit.trim() === '' ? '' : values.loss_limit),
    loss_limit_period: values.loss_limit_period,
    session_limit_minutes: values.session_limit_minutes === '' ? '' : Number(values.session_limit_minutes),
  };
}

/** The `PUT /responsible-gambling/limits` body of valid values: the loss limit in its period and the session limit. */
export function registrationLimitsUpdate(values: RegistrationLimitValues): UpdateLimitsInput {
  const period = values.loss_limit_period as LimitPeriod;
  return { loss: { [period]: parseReais(values.loss_limit) }, session_minutes: Number(values.session_limit_minutes) } as UpdateLimitsInput;
}

export const registrationLimitsForm = createForm<RegistrationLimitValues>({
  initial: () => ({ loss_limit: '', loss_limit_period: '', session_limit_minutes: '' }),
  check: (values) => issuesByField(schema, asRegistration(values)) as FieldErrors<keyof RegistrationLimitValues>,
});

/** From the player's settings (read at each sign-in and page load): asks while the platform still waits for the form's data or the limits, the data first. */
export function askRegistrationLimits(view: Pick<ResponsibleGamingView, 'registration_limits_required'> & Partial<Pick<ResponsibleGamingView, 'registration_details_required'>>): void {
  if (view.registration_details_required) $registrationLimits.set({ status: 'asking', step: 'details' });
  else if (view.registration_limits_required) $registrationLimits.set({ status: 'asking', step: 'limits' });
  else $registrationLimits.set({ status: 'hidden' });
}

/** Esc (the browser closes the dialog): the platform keeps refusing bets and deposits, and the next page asks again. */
export function postponeRegistrationLimits(): void {
  $registrationLimits.set({ status: 'hidden' });
}

/** Saves both limits; on success the dialog closes and the new session limit is scheduled. */
export async function saveRegistrationLimits(): Promise<boolean> {
  if (!registrationLimitsForm.validate()) return false;
  const body = registrationLimitsUpdate(registrationLimitsForm.$values.get());
  try {
    const view = await registrationLimitsForm.submit(() => api.request<ResponsibleGamingView>('/responsible-gambling/limits', { method: 'PUT', body }));
    askRegistrationLimits(view);
    scheduleTimeAlerts(view);
    if (!view.registration_limits_required) registrationLimitsForm.reset();
    return true;
  } catch (error) {
    registrationLimitsForm.showApiError(error);
    return false;
  }
}

// Another player (or a guest) must never see the previous player's question.
$session.listen((session) => {
  if (session.status !== 'user') postponeRegistrationLimits();
});
