import type { CountryCode } from 'libphonenumber-js';
import { createLoginSchema } from '../contract/validation/auth.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { selfExclusionOf } from '../lib/auth/account-user.ts';
import type { AuthAnswer } from '../lib/auth/account-user.ts';
import { closedAccountRefusal, refusalText } from '../lib/account-closure/refusal.ts';
import { phoneFieldError, phoneForRequest } from '../lib/auth/phone.ts';
import { cpfDigits } from '../contract/validation/cpf.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { $authConfig, completeSignIn, handleSelfExclusionRefusal, loginWithGoogle } from './auth.ts';
import { apiErrorMessage, createForm, type FieldErrors } from './form.ts';
import { $phoneCountry } from './geo.ts';

/**
 * The login form (spec section 5: phone-number username and password; CPF
 * and e-mail when the tenant requires them; captcha with a Turnstile key).
 */
export interface LoginValues {
  country: CountryCode;
  /** The number as typed, in the national format of `country`. */
  phone: string;
  password: string;
  cpf: string;
  email: string;
  captcha_token: string;
}

export function loginBody(values: LoginValues): Record<string, unknown> {
  const { loginRequiresCpf, loginRequiresEmail, turnstile } = $authConfig.get();
  return {
    username: phoneForRequest(values.phone, values.country),
    password: values.password,
    ...(loginRequiresCpf ? { cpf: cpfDigits(values.cpf.trim()) } : {}),
    ...(loginRequiresEmail ? { email: values.email } : {}),
    ...(turnstile ? { captcha_token: values.captcha_token } : {}),
  };
}

function checkLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const config = $authConfig.get();
  const schema = createLoginSchema({
    cpfRequired: config.loginRequiresCpf,
    emailRequired: config.loginRequiresEmail,
    captchaRequired: config.turnstile !== null,
  });
  const { username: _username, ...issues } = issuesByField(schema, loginBody(values));
  const phone = phoneFieldError(values.phone, values.country);
  return { ...issues, ...(phone ? { phone: { key: phone, field: 'phone' } } : {}) };
}

export const loginForm = createForm<LoginValues>({
  initial: () => ({ country: $phoneCountry.get().countryCode, phone: '', password: '', cpf: '', email: '', captcha_token: '' }),
  check: checkLogin,
  // The platform's "wrong phone or password" sits under the phone: a new password re-checks (and clears) it.
  dependents: { country: ['phone'], password: ['phone'] },
  serverFields: { username: 'phone' },
});

/** The fields the tenant's login form shows, in order. */
export function loginFields(): (keyof LoginValues)[] {
  const config = $authConfig.get();
  return [
    'phone',
    'password',
    ...(config.loginRequiresCpf ? (['cpf'] as const) : []),
    ...(config.loginRequiresEmail ? (['email'] as const) : []),
    ...(config.turnstile ? (['captcha_token'] as const) : []),
  ];
}

/**
 * Validates and sends `POST /auth/login`. Resolves true when signed in; on
 * failure the form shows the platform's messages (a wrong password answers
 * 422 on `username`) or `$selfExclusion` gets the refusal's dates.
 */
export async function submitLogin(): Promise<boolean> {
  if (!loginForm.validate(loginFields())) return false;
  try {
    const answer = await loginForm.submit(() => api.post<AuthAnswer>('/auth/login', loginBody(loginForm.$values.get())));
    completeSignIn(answer.token, answer.data);
    loginForm.reset();
    return true;
  } catch (error) {
    // A closed account's refusal (403) carries its own words; the status's catalogue text would only say "no permission".
    const closed = closedAccountRefusal(error);
    if (closed) loginForm.$formError.set(closed);
    else if (!handleSelfExclusionRefusal(error)) loginForm.showApiError(error);
    loginForm.$values.setKey('captcha_token', '');
    return false;
  }
}

/**
 * Google's ID token → `POST /auth/google`. A refusal shows on the login
 * form like the password login's: a closed account's own words (403
 * `accountClosed`, with the closing date), a self-exclusion's notice, else
 * the platform's message (an unverified e-mail, a token that does not
 * verify). Resolves true when signed in.
 */
export async function submitGoogleLogin(idToken: string): Promise<boolean> {
  try {
    await loginForm.submit(() => loginWithGoogle(idToken));
    return true;
  } catch (error) {
    const closed = closedAccountRefusal(error);
    if (closed) loginForm.$formError.set(closed);
    // loginWithGoogle already moved a self-exclusion refusal to $selfExclusion (its notice above the form).
    else if (error instanceof ApiError && selfExclusionOf(error.data)) loginForm.$formError.set(null);
    // A 422 names `idToken`, which is no field of this form: showApiError puts it in the form's message.
    else if (error instanceof ApiError && error.errors) loginForm.showApiError(error);
    // Other refusals (403 is silent in the catalogue) carry their words in `message`.
    else loginForm.$formError.set(refusalText(error) ?? apiErrorMessage(error));
    return false;
  }
}
