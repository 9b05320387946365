import * as v from 'valibot';
import { RegistrationLimitsEntries } from '../responsible-gaming.ts';
import { BirthDateSchema } from './birth-date.ts';
import { CodeSchema } from './code.ts';
import { CpfSchema } from './cpf.ts';
import { EmailSchema } from './email.ts';
import { body, GENDERS, LANGUAGES, MARITAL_STATUSES, mustBeTrue, optionalChoice, requiredChoice } from './fields.ts';
import { FullNameSchema } from './full-name.ts';
import { VALIDATION_KEYS } from './keys.ts';
import { PasswordInputSchema, PasswordSchema } from './password.ts';
import { PhoneSchema } from './phone.ts';
import { isPresent, optionalText, requiredText } from './text.ts';

/**
 * Request bodies of the auth calls (see the API contract of issue 3). Both
 * the site's forms and the platform's routes validate with these, so a value
 * the form accepts is a value the platform accepts. Tenant-dependent
 * requirements (CPF, captcha, e-mail at login) are options of the factories.
 */

const token = (max: number, requiredKey: string = VALIDATION_KEYS.required) => requiredText({ max, requiredKey, normalize: (s) => s.trim() });
const optionalToken = (max: number) => optionalText({ max, normalize: (s) => s.trim() });

/** Absent (undefined, null, blank) → undefined, else the inner schema. */
function optionalField<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input): unknown => (isPresent(input) ? input : undefined)),
    v.optional(schema),
  );
}

/** `POST /validate/validate-cpf {cpf}`. */
export const ValidateCpfSchema = body({ cpf: CpfSchema });

/** `POST /auth/verify-phone {phone}` (E.164, Brazil by default). */
export const VerifyPhoneSchema = body({ phone: PhoneSchema });

/**
 * `POST /auth/verify-code {channel, destination?, code}`. `destination` is the
 * phone for a guest's registration code (the platform requires it then and
 * validates it as a phone); logged-in players omit it.
 */
export const VerifyCodeSchema = body({
  channel: requiredChoice(['phone', 'email']),
  destination: optionalText({ max: 64, normalize: (s) => s.trim() }),
  code: CodeSchema,
});

export interface RegisterSchemaOptions {
  /** Tenant `registerCPF`. */
  cpfRequired: boolean;
  /** Tenant has a `turnstileSiteKey`. */
  captchaRequired: boolean;
  /** Tenant `is_regulated`: a loss limit and a session-time limit must be chosen (Portaria SPA/MF 1.231 as amended by 2.579/2025). */
  limitsRequired?: boolean;
}

const OptionalRegistrationLimits = {
  loss_limit: v.optional(v.unknown()),
  loss_limit_period: v.optional(v.unknown()),
  session_limit_minutes: v.optional(v.unknown()),
};

/** `POST /auth/register`. Mismatched confirmation → `password_confirmation: validation.passwordConfirm`. Mismatched confirmation → `password_confirmation: validation.passwordConfirm`. */
export function createRegisterSchema(opts: RegisterSchemaOptions) {
  return v.pipe(
    body({
      gender: requiredChoice(GENDERS),
      marital_status: requiredChoice(MARITAL_STATUSES),
      name: FullNameSchema,
      username: PhoneSchema,
      phone_verification_token: token(512, VALIDATION_KEYS.codeFirst),
      email: EmailSchema,
      password: PasswordSchema,
      password_confirmation: token(256),
      cpf: opts.cpfRequired ? CpfSchema : optionalField(CpfSchema),
      reference_code: optionalText({ max: 64, normalize: (s) => s.trim() }),
      adult: mustBeTrue(VALIDATION_KEYS.adult),
      terms: mustBeTrue(VALIDATION_KEYS.terms),
      captcha_token: opts.captchaRequired ? token(4096, VALIDATION_KEYS.captcha) : optionalToken(4096),
      language: optionalChoice(LANGUAGES),
      ...(opts.limitsRequired ? RegistrationLimitsEntries : OptionalRegistrationLimits),
    }),
    v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (i) => i.password === i.password_confirmation, VALIDATION_KEYS.passwordConfirm),
    ['password_confirmation'],
  ),
  );
}

export interface LoginSchemaOptions {
  /** Tenant `login_requires_cpf`. */
  cpfRequired: boolean;
  /** Tenant `login_requires_email`. */
  emailRequired: boolean;
  /** Tenant has a `turnstileSiteKey`. */
  captchaRequired: boolean;
}

/** `POST /auth/login {username, password, cpf?, email?, captcha_token?}`. */
export function createLoginSchema(opts: LoginSchemaOptions) {
  return body({
    username: PhoneSchema,
    password: PasswordInputSchema,
    cpf: opts.cpfRequired ? CpfSchema : optionalField(CpfSchema),
    email: opts.emailRequired ? EmailSchema : optionalField(EmailSchema),
    captcha_token: opts.captchaRequired ? token(4096, VALIDATION_KEYS.captcha) : optionalToken(4096),
  });
}

/** `POST /auth/google {idToken, reference_code?}`: the stored `ref` links a new account to its referrer as the form's field does (issue 18). */
export const GoogleLoginSchema = body({ idToken: token(8192), reference_code: optionalText({ max: 64, normalize: (s) => s.trim() }) });

/** `POST /auth/update {name?, birth_date?, email?, language?}`. */
export const UpdateUserSchema = body({
  name: optionalField(FullNameSchema),
  birth_date: BirthDateSchema,
  email: optionalField(EmailSchema),
  language: optionalChoice(LANGUAGES),
});

/** `POST /auth/recover-password {username}` or `{email}`; one of them is required (reported on `username`). */
export const RecoverPasswordSchema = v.pipe(
  body({ username: optionalField(PhoneSchema), email: optionalField(EmailSchema) }),
  v.forward(
    v.check((i) => i.username !== undefined || i.email !== undefined, VALIDATION_KEYS.required),
    ['username'],
  ),
);

/** `POST /auth/reset-password {username, code, password, password_confirmation}`. */
export const ResetPasswordSchema = v.pipe(
  body({ username: PhoneSchema, code: CodeSchema, password: PasswordSchema, password_confirmation: token(256) }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (i) => i.password === i.password_confirmation, VALIDATION_KEYS.passwordConfirm),
    ['password_confirmation'],
  ),
);

/** `POST /auth/request-password-change`; mismatch → `password_confirmation: validation.passwordMismatch` ('As senhas não coincidem'). */
export const PasswordChangeSchema = v.pipe(
  body({ current_password: PasswordInputSchema, password: PasswordSchema, password_confirmation: token(256) }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (i) => i.password === i.password_confirmation, VALIDATION_KEYS.passwordMismatch),
    ['password_confirmation'],
  ),
);
