/**
 * The i18n keys validation messages use. Schemas in this folder put these
 * KEYS (not texts) in their issues; the site translates them with its i18n
 * resources and the platform with the same `src/i18n/*.json` files, so one
 * rule gives the same message on both sides. `validation.generic` carries a
 * `{{field}}` placeholder that each side fills with the field's label/name.
 */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  generic: 'validation.generic',
  controlChars: 'validation.controlChars',
  fullName: 'validation.fullName',
  surnameShort: 'validation.surnameShort',
  cpf: 'validation.cpf',
  cpfTaken: 'validation.cpfTaken',
  email: 'validation.email',
  emailMax: 'validation.emailMax',
  emailTaken: 'validation.emailTaken',
  phoneTaken: 'validation.phoneTaken',
  passwordMin: 'validation.passwordMin',
  passwordChars: 'validation.passwordChars',
  passwordConfirm: 'validation.passwordConfirm',
  passwordMismatch: 'validation.passwordMismatch',
  codeFirst: 'validation.codeFirst',
  code: 'validation.code',
  adult: 'validation.adult',
  terms: 'validation.terms',
  captcha: 'validation.captcha',
  phoneInvalidCountry: 'validation.phone.invalidCountry',
  phoneNoPossibleCountries: 'validation.phone.noPossibleCountries',
  phoneNotPossible: 'validation.phone.notPossible',
  phoneNotANumber: 'validation.phone.notANumber',
  phoneTooShort: 'validation.phone.tooShort',
  phoneTooLong: 'validation.phone.tooLong',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** Keys of auth answers that are not field errors (platform messages, also shown by the site). */
export const AUTH_KEYS = {
  loginFailed: 'auth.loginFailed',
  selfExcluded: 'auth.selfExcluded',
  tooManyAttempts: 'auth.tooManyAttempts',
  recoverSent: 'auth.recoverSent',
  sessionExpired: 'auth.sessionExpired',
  codeSent: 'auth.codeSent',
} as const;
