import type { CountryCode } from 'libphonenumber-js';
import { atom, computed } from 'nanostores';
import { createRegisterSchema } from '../contract/validation/auth.ts';
import { CodeSchema } from '../contract/validation/code.ts';
import { VALIDATION_KEYS } from '../contract/validation/keys.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import type { AuthAnswer } from '../lib/auth/account-user.ts';
import { createCountdown } from '../lib/auth/countdown.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { displayPhone, phoneFieldError, phoneForRequest } from '../lib/auth/phone.ts';
import { cpfDigits } from '../contract/validation/cpf.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { readStored } from '../lib/storage.ts';
import { parseReais } from '../lib/wallet/amount.ts';
import type { LimitPeriod } from '../contract/responsible-gaming.ts';
import * as v from 'valibot';
import { $authConfig, completeSignIn } from './auth.ts';
import { welcomeNewPlayer } from './welcome.ts';
import { createForm, type FieldErrors } from './form.ts';
import { $phoneCountry } from './geo.ts';

/**
 * Multi-step registration (spec sections 2 and 5): who you are; the phone,
 * verified with a code before anything else continues; e-mail, password,
 * CPF (tenant `registerCPF`) and reference code; the 18+ and terms boxes;
 * a loss limit and a session-time limit (regulated tenants, issue 17); the captcha (only with a Turnstile key). Each step validates its fields
 * before the next; the last one sends `POST /auth/register`.
 */
export interface RegisterValues {
  gender: '' | 'male' | 'female';
  marital_status: '' | 'single' | 'dating' | 'married';
  name: string;
  country: CountryCode;
  phone: string;
  code: string;
  email: string;
  password: string;
  password_confirmation: string;
  cpf: string;
  reference_code: string;
  adult: boolean;
  terms: boolean;
  /** Regulated tenants (issue 17): a loss limit in reais as typed, its period, and a session-time limit in minutes. */
  loss_limit: string;
  loss_limit_period: '' | LimitPeriod;
  session_limit_minutes: string;
  captcha_token: string;
}

type Field = keyof RegisterValues;
export type RegisterStep = 'about' | 'phone' | 'account' | 'terms' | 'limits' | 'captcha';

/** The steps of this tenant, in order (the limits step only on a regulated tenant, the captcha step only with a Turnstile key). */
export function registerSteps(): RegisterStep[] {
  const config = $authConfig.get();
  return ['about', 'phone', 'account', 'terms', ...(config.registerLimits ? (['limits'] as const) : []), ...(config.turnstile ? (['captcha'] as const) : [])];
}

/** The fields each step checks before moving on. */
export function stepFields(step: RegisterStep): Field[] {
  switch (step) {
    case 'about':
      return ['gender', 'marital_status', 'name'];
    case 'phone':
      return ['phone', 'code'];
    case 'account':
      return ['email', 'password', 'password_confirmation', ...($authConfig.get().registerCPF ? (['cpf'] as const) : []), 'reference_code'];
    case 'terms':
      return ['adult', 'terms'];
    case 'limits':
      return ['loss_limit', 'loss_limit_period', 'session_limit_minutes'];
    case 'captcha':
      return ['captcha_token'];
  }
}

/** The phone verification of the phone step. */
export type PhoneVerification =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; destination: string }
  | { status: 'verifying'; destination: string }
  | { status: 'verified'; destination: string; token: string };

export const $phoneVerification = atom<PhoneVerification>({ status: 'idle' });
/** Seconds before another code may be sent (spec section 9: 20 s). */
export const phoneResend = createCountdown();
/** Information shown on the phone step ("Enviamos um código para …"). */
export const $phoneNotice = atom<Message | null>(null);

export const $registerStep = atom<RegisterStep>('about');
export const $registerStepIndex = computed($registerStep, (step) => registerSteps().indexOf(step));

function verificationToken(): string {
  const state = $phoneVerification.get();
  return state.status === 'verified' ? state.token : '';
}

/** The `POST /auth/register` body built from the form. */
export function registerBody(values: RegisterValues, locale: Locale): Record<string, unknown> {
  const config = $authConfig.get();
  return {
    gender: values.gender,
    marital_status: values.marital_status,
    name: values.name,
    username: phoneForRequest(values.phone, values.country),
    phone_verification_token: verificationToken(),
    email: values.email,
    password: values.password,
    password_confirmation: values.password_confirmation,
    // The field shows the printed mask (000.000.000-00); the call gets the 11 digits.
    ...(config.registerCPF ? { cpf: cpfDigits(values.cpf.trim()) } : {}),
    reference_code: values.reference_code,
    adult: values.adult,
    terms: values.terms,
    ...(config.registerLimits
      ? {
          // Typed in reais; the call takes centavos (an unreadable amount is sent as typed, and refused).
          loss_limit: parseReais(values.loss_limit) ?? (values.loss_limit.trim() === '' ? '' : values.loss_limit),
          loss_limit_period: values.loss_limit_period,
          session_limit_minutes: values.session_limit_minutes === '' ? '' : Number(values.session_limit_minutes),
        }
      : {}),
    ...(config.turnstile ? { captcha_token: values.captcha_token } : {}),
    language: locale,
  };
}

function checkRegister(values: RegisterValues): FieldErrors<Field> {
  const config = $authConfig.get();
  const schema = createRegisterSchema({ cpfRequired: config.registerCPF, captchaRequired: config.turnstile !== null, limitsRequired: config.registerLimits });
  const { username: _u, phone_verification_token: tokenIssue, language: _l, ...issues } = issuesByField(schema, registerBody(values, 'pt'));
  const errors: FieldErrors<Field> = issues as FieldErrors<Field>;
  const phone = phoneFieldError(values.phone, values.country);
  if (phone) errors.phone = { key: phone, field: 'phone' };
  // The code must be verified before the phone step is done: 'Por favor, informe o código primeiro.'
  // A well-formed code waiting to be checked is not an error yet (Continue verifies it first).
  if (tokenIssue) {
    const typed = values.code.trim() !== '';
    const codeProblem = typed ? issuesByField(v.object({ code: CodeSchema }), { code: values.code }).code : undefined;
    const waiting = ['sent', 'verifying'].includes($phoneVerification.get().status);
    if (!typed || !waiting) errors.code = keyMessage(VALIDATION_KEYS.codeFirst);
    else if (codeProblem) errors.code = codeProblem;
  }
  return errors;
}

export const registerForm = createForm<RegisterValues>({
  initial: () => ({
    gender: '',
    marital_status: '',
    name: '',
    country: $phoneCountry.get().countryCode,
    phone: '',
    code: '',
    email: '',
    password: '',
    password_confirmation: '',
    cpf: '',
    reference_code: readStored('ref') ?? '',
    adult: false,
    terms: false,
    loss_limit: '',
    loss_limit_period: '',
    session_limit_minutes: '',
    captcha_token: '',
  }),
  check: checkRegister,
  dependents: { password: ['password_confirmation'], country: ['phone'] },
  serverFields: { username: 'phone', phone_verification_token: 'code', destination: 'phone' },
});

/** Sets a field; changing the phone or its country discards a verification made for the old number. */
export function setRegisterField<K extends Field>(field: K, value: RegisterValues[K]): void {
  registerForm.set(field, value);
  if (field === 'phone' || field === 'country') {
    const state = $phoneVerification.get();
    const now = phoneForRequest(registerForm.$values.get().phone, registerForm.$values.get().country);
    if (state.status !== 'idle' && state.status !== 'sending' && state.destination !== now) {
      $phoneVerification.set({ status: 'idle' });
      $phoneNotice.set(null);
    }
  }
}

function retryIn(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const data = error.data as { retry_in?: unknown } | null;
  return typeof data?.retry_in === 'number' ? data.retry_in : null;
}

/** `POST /auth/verify-phone {phone}`: sends the code; starts the 20 s resend wait. */
export async function sendPhoneCode(): Promise<boolean> {
  if (!registerForm.validate(['phone'])) return false;
  if (phoneResend.$seconds.get() > 0) return false;
  const values = registerForm.$values.get();
  const destination = phoneForRequest(values.phone, values.country);
  $phoneVerification.set({ status: 'sending' });
  try {
    const answer = await api.post<{ resend_in?: number }>('/auth/verify-phone', { phone: destination });
    $phoneVerification.set({ status: 'sent', destination });
    $phoneNotice.set(keyMessage('auth.codeSent', { destination: displayPhone(destination, values.country) }));
    // "Informe o código primeiro" was about the code not sent yet: that cause is gone.
    registerForm.setError('code', null);
    phoneResend.start(answer.resend_in ?? 20);
    return true;
  } catch (error) {
    $phoneVerification.set({ status: 'idle' });
    const wait = retryIn(error);
    if (wait !== null) {
      phoneResend.start(wait);
      $phoneVerification.set({ status: 'sent', destination });
    }
    registerForm.showApiError(error);
    return false;
  }
}

/** `POST /auth/verify-code {channel: 'phone', destination, code}` → the verification token. */
export async function verifyPhoneCode(): Promise<boolean> {
  const state = $phoneVerification.get();
  if (state.status === 'verified') return true;
  if (state.status !== 'sent') {
    registerForm.setError('code', keyMessage(VALIDATION_KEYS.codeFirst));
    return false;
  }
  const code = registerForm.$values.get().code.trim();
  const codeProblem = issuesByField(v.object({ code: CodeSchema }), { code }).code;
  if (codeProblem) {
    registerForm.setError('code', codeProblem);
    return false;
  }
  $phoneVerification.set({ status: 'verifying', destination: state.destination });
  try {
    const answer = await api.post<{ verified: boolean; verification_token: string }>('/auth/verify-code', {
      channel: 'phone',
      destination: state.destination,
      code,
    });
    $phoneVerification.set({ status: 'verified', destination: state.destination, token: answer.verification_token });
    registerForm.setError('code', null);
    return true;
  } catch (error) {
    $phoneVerification.set({ status: 'sent', destination: state.destination });
    const shown = registerForm.showApiError(error);
    if (!shown.includes('code') && error instanceof ApiError && error.status === 429) {
      registerForm.setError('code', { text: error.messages.join(' ') });
      registerForm.$formError.set(null);
    }
    return false;
  }
}

/** `POST /validate/validate-cpf {cpf}` after the local check passed. */
async function checkCpfRemotely(): Promise<boolean> {
  try {
    await api.post('/validate/validate-cpf', { cpf: cpfDigits(registerForm.$values.get().cpf.trim()) });
    return true;
  } catch (error) {
    registerForm.showApiError(error);
    return false;
  }
}

function goTo(step: RegisterStep): void {
  $registerStep.set(step);
}

/** The step before the current one (no-op on the first). */
export function previousRegisterStep(): void {
  const steps = registerSteps();
  const index = steps.indexOf($registerStep.get());
  if (index > 0) goTo(steps[index - 1]!);
}

/**
 * Validates the current step and moves on; on the last step sends
 * `POST /auth/register` and signs the player in. Resolves true when
 * registered. On a 422 the wizard returns to the first step with an error.
 */
export async function continueRegistration(locale: Locale): Promise<boolean> {
  const steps = registerSteps();
  const step = $registerStep.get();
  if (step === 'phone' && $phoneVerification.get().status === 'sent' && registerForm.$values.get().code.trim() !== '') {
    if (!(await verifyPhoneCode())) return false;
  }
  if (!registerForm.validate(stepFields(step))) return false;
  if (step === 'account' && $authConfig.get().registerCPF && !(await registerForm.submit(checkCpfRemotely))) return false;
  const index = steps.indexOf(step);
  if (index < steps.length - 1) {
    goTo(steps[index + 1]!);
    return false;
  }
  try {
    const answer = await registerForm.submit(() =>
      api.post<AuthAnswer>('/auth/register', registerBody(registerForm.$values.get(), locale)),
    );
    completeSignIn(answer.token, answer.data);
    // Once, right after sign-up: the welcome with the next step (a Pix deposit).
    welcomeNewPlayer(answer.data);
    resetRegistration();
    return true;
  } catch (error) {
    const fields = registerForm.showApiError(error);
    const back = steps.find((s) => stepFields(s).some((f) => fields.includes(f)));
    if (back) goTo(back);
    if (fields.includes('code')) $phoneVerification.set({ status: 'idle' });
    registerForm.$values.setKey('captcha_token', '');
    return false;
  }
}

/** Back to an empty first step (keeps the stored referral code and country). */
export function resetRegistration(): void {
  registerForm.reset();
  $registerStep.set('about');
  $phoneVerification.set({ status: 'idle' });
  $phoneNotice.set(null);
}
