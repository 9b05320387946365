import type { CountryCode } from 'libphonenumber-js';
import { atom } from 'nanostores';
import { RecoverPasswordSchema, ResetPasswordSchema } from '../contract/validation/auth.ts';
import { api } from './api.ts';
import { createCountdown } from '../lib/auth/countdown.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { phoneFieldError, phoneForRequest } from '../lib/auth/phone.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { createForm, type FieldErrors } from './form.ts';
import { $phoneCountry } from './geo.ts';

/**
 * Password recovery by code (spec section 2): ask for a code with the phone
 * (`/auth/recover-password`, which never says whether the account exists),
 * then give the code and a new password (`/auth/reset-password`).
 */
export type RecoveryStep = 'request' | 'reset' | 'done';
export const $recoveryStep = atom<RecoveryStep>('request');
/** The phone (E.164) the code was asked for. */
export const $recoveryPhone = atom<string>('');
export const $recoveryNotice = atom<Message | null>(null);
export const recoveryResend = createCountdown();

export interface RecoveryRequestValues {
  country: CountryCode;
  phone: string;
}

export const recoveryRequestForm = createForm<RecoveryRequestValues>({
  initial: () => ({ country: $phoneCountry.get().countryCode, phone: '' }),
  check: (values) => {
    const issues: FieldErrors<'phone' | 'country'> = {};
    const phone = phoneFieldError(values.phone, values.country);
    if (phone) issues.phone = { key: phone, field: 'phone' };
    else if (issuesByField(RecoverPasswordSchema, { username: phoneForRequest(values.phone, values.country) }).username) {
      issues.phone = { key: 'validation.generic', field: 'phone' };
    }
    return issues;
  },
  dependents: { country: ['phone'] },
  serverFields: { username: 'phone' },
});

export interface ResetValues {
  code: string;
  password: string;
  password_confirmation: string;
}

export const resetForm = createForm<ResetValues>({
  initial: () => ({ code: '', password: '', password_confirmation: '' }),
  check: (values) => {
    const { username: _u, ...issues } = issuesByField(ResetPasswordSchema, { username: $recoveryPhone.get(), ...values });
    return issues;
  },
  dependents: { password: ['password_confirmation'] },
});

/** `POST /auth/recover-password {username}`; moves to the code step whatever the account's existence. */
export async function requestRecoveryCode(): Promise<boolean> {
  if (!recoveryRequestForm.validate(['phone'])) return false;
  if (recoveryResend.$seconds.get() > 0) return false;
  const values = recoveryRequestForm.$values.get();
  const username = phoneForRequest(values.phone, values.country);
  try {
    const answer = await recoveryRequestForm.submit(() => api.post<{ message?: string }>('/auth/recover-password', { username }));
    $recoveryPhone.set(username);
    $recoveryNotice.set(answer.message ? textMessage(answer.message) : keyMessage('auth.recoverSent'));
    recoveryResend.start(20);
    $recoveryStep.set('reset');
    return true;
  } catch (error) {
    recoveryRequestForm.showApiError(error);
    return false;
  }
}

/** `POST /auth/reset-password {username, code, password, password_confirmation}`. */
export async function resetPassword(): Promise<boolean> {
  if (!resetForm.validate()) return false;
  try {
    const answer = await resetForm.submit(() =>
      api.post<{ message?: string }>('/auth/reset-password', { username: $recoveryPhone.get(), ...resetForm.$values.get() }),
    );
    $recoveryNotice.set(answer.message ? textMessage(answer.message) : keyMessage('auth.resetDone'));
    $recoveryStep.set('done');
    resetForm.reset();
    return true;
  } catch (error) {
    resetForm.showApiError(error);
    return false;
  }
}

/** Back to the first step (e.g. "use another number"). */
export function restartRecovery(): void {
  recoveryRequestForm.reset();
  resetForm.reset();
  $recoveryStep.set('request');
  $recoveryNotice.set(null);
}
