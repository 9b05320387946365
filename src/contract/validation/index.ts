/**
 * Validation shared by the site's forms and the platform's routes (valibot).
 * Issue messages are i18n KEYS (`VALIDATION_KEYS`), translated by each side
 * with `src/i18n/*.json`; `validation.generic` takes `{{field}}`.
 */
export { VALIDATION_KEYS, AUTH_KEYS, type ValidationKey } from './keys.ts';
export { FORBIDDEN_CHARACTERS, hasForbiddenCharacters, normalizeText, isPresent, requiredText, optionalText, type TextOptions } from './text.ts';
export { CpfSchema, isValidCpf, cpfDigits, maskCpf } from './cpf.ts';
export { FullNameSchema, FULL_NAME_MAX, splitFullName } from './full-name.ts';
export { PhoneSchema, phoneSchema, phoneErrorKey, toE164, DEFAULT_PHONE_COUNTRY } from './phone.ts';
export { EmailSchema, EMAIL_MAX, normalizeEmail } from './email.ts';
export { PasswordSchema, PasswordInputSchema, PASSWORD_MIN, PASSWORD_MAX } from './password.ts';
export { CodeSchema, CODE_LENGTH } from './code.ts';
export { BirthDateSchema, MINIMUM_AGE, isCalendarDate, ageOn } from './birth-date.ts';
export {
  requiredChoice,
  optionalChoice,
  mustBeTrue,
  OptionalBoolean,
  RequiredBoolean,
  LANGUAGES,
  GENDERS,
  MARITAL_STATUSES,
  body,
  type Language,
} from './fields.ts';
export {
  ValidateCpfSchema,
  VerifyPhoneSchema,
  VerifyCodeSchema,
  createRegisterSchema,
  createLoginSchema,
  GoogleLoginSchema,
  UpdateUserSchema,
  RecoverPasswordSchema,
  ResetPasswordSchema,
  PasswordChangeSchema,
  type RegisterSchemaOptions,
  type LoginSchemaOptions,
} from './auth.ts';
export {
  ShowProfileSchema,
  ToggleHideMetricsSchema,
  UpdateNameSchema,
  UpdateLanguageSchema,
  UpdateSettingsSchema,
  SelfExclusionSchema,
  PRIVACY_SETTINGS,
  SELF_EXCLUSION_UNITS,
  SELF_EXCLUSION_MAX,
  selfExclusionEnd,
  type PrivacySetting,
  type PrivacySettings,
  type SelfExclusionUnit,
} from './profile.ts';
