import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CpfSchema,
  EmailSchema,
  FullNameSchema,
  PasswordSchema,
  PhoneSchema,
  CodeSchema,
  SelfExclusionSchema,
  ShowProfileSchema,
  UpdateUserSchema,
  RecoverPasswordSchema,
  PasswordChangeSchema,
  createLoginSchema,
  createRegisterSchema,
  isValidCpf,
  maskCpf,
  selfExclusionEnd,
  splitFullName,
} from '../../../src/contract/validation/index.ts';

/** field → first message key, or the output when valid. */
function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) out[v.getDotPath(issue) ?? 'body'] ??= issue.message;
  return out;
}
const messageOf = (schema: v.GenericSchema, input: unknown): string | null => errorsOf(v.object({ f: schema }), { f: input }).f ?? null;
const outputOf = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => v.parse(schema, input);

describe('CPF (section 5 rule)', () => {
  it('accepts valid CPFs, plain or in the printed mask, and stores digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(outputOf(CpfSchema, '529.982.247-25')).toBe('52998224725');
    expect(outputOf(CpfSchema, ' 52998224725 ')).toBe('52998224725');
  });
  it.each([
    ['52998224724', 'wrong second check digit'],
    ['52998224735', 'wrong first check digit'],
    ['11111111111', 'all same digit'],
    ['5299822472', '10 digits'],
    ['529982247250', '12 digits'],
    ['5299822472a', 'a letter'],
    ['529.982.24725', 'a broken mask'],
    ['５２９９８２２４７２５', 'full-width digits'],
  ])('refuses %s (%s) with validation.cpf', (cpf) => {
    expect(messageOf(CpfSchema, cpf)).toBe('validation.cpf');
  });
  it('missing → required; masks as ***.456.789-**', () => {
    expect(messageOf(CpfSchema, '')).toBe('validation.required');
    expect(messageOf(CpfSchema, 52998224725)).toBe('validation.cpf');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });
});

describe('full name', () => {
  it('trims, NFC-normalises and collapses spaces', () => {
    expect(outputOf(FullNameSchema, '  Jose\u0301   da Silva ')).toBe('José da Silva');
    expect(splitFullName('José da Silva')).toEqual({ first_name: 'José', last_name: 'da Silva' });
  });
  it('applies the spec messages in order', () => {
    expect(messageOf(FullNameSchema, '')).toBe('validation.required');
    expect(messageOf(FullNameSchema, '   ')).toBe('validation.required');
    expect(messageOf(FullNameSchema, 'Maria')).toBe('validation.fullName');
    expect(messageOf(FullNameSchema, 'Maria S')).toBe('validation.surnameShort');
    expect(messageOf(FullNameSchema, 'Maria Sa')).toBeNull();
    expect(messageOf(FullNameSchema, "Ana D'Ávila-Souza")).toBeNull();
  });
  it.each([
    ['Maria\u200DSilva Souza', 'zero-width joiner'],
    ['Maria \u202ESilva', 'right-to-left override'],
    ['Maria\u200B Silva', 'zero-width space'],
    ['Maria \u3164Silva', 'Hangul filler'],
    ['Maria\nSilva', 'newline'],
    ['Maria S1lva', 'digit'],
    ['<b>Maria</b> Silva', 'markup'],
    ['x'.repeat(101), 'too long'],
  ])('refuses %j (%s) with validation.generic', (name) => {
    expect(messageOf(FullNameSchema, name)).toBe('validation.generic');
  });
  it('refuses a non-string with validation.generic', () => {
    expect(messageOf(FullNameSchema, 42)).toBe('validation.generic');
    expect(messageOf(FullNameSchema, ['Maria', 'Silva'])).toBe('validation.generic');
  });
});

describe('phone (libphonenumber-js, Brazil by default)', () => {
  it('gives E.164', () => {
    expect(outputOf(PhoneSchema, '11987654321')).toBe('+5511987654321');
    expect(outputOf(PhoneSchema, '+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(outputOf(PhoneSchema, '+1 202 555 0123')).toBe('+12025550123');
  });
  it.each([
    ['', 'validation.required'],
    ['abc', 'validation.phone.notANumber'],
    ['+551198765', 'validation.phone.tooShort'],
    ['+5511987654321999', 'validation.phone.tooLong'],
    ['+999123456', 'validation.phone.invalidCountry'],
    ['+5500987654321', 'validation.phone.notPossible'],
    ['+55119876\u200B54321', 'validation.phone.notANumber'],
  ])('%j → %s', (phone, key) => {
    expect(messageOf(PhoneSchema, phone)).toBe(key);
  });
});

describe('e-mail', () => {
  it('lower-cases and converts an IDN domain to punycode', () => {
    expect(outputOf(EmailSchema, ' Maria@Example.COM ')).toBe('maria@example.com');
    expect(outputOf(EmailSchema, 'ana@exämple.com')).toBe('ana@xn--exmple-cua.com');
  });
  it.each([
    ['', 'validation.required'],
    ['maria', 'validation.email'],
    ['maria@', 'validation.email'],
    ['maria@example', 'validation.email'],
    ['ma..ria@example.com', 'validation.email'],
    ['mária@example.com', 'validation.email'],
    ['maria@ex%41mple.com', 'validation.email'],
    ['maria\u200B@example.com', 'validation.email'],
    ['a-very-long-address-123@example.com', 'validation.emailMax'],
    [`${'a'.repeat(300)}@example.com`, 'validation.emailMax'],
  ])('%j → %s', (email, key) => {
    expect(messageOf(EmailSchema, email)).toBe(key);
  });
  it('accepts exactly 30 characters', () => {
    expect(messageOf(EmailSchema, `${'a'.repeat(18)}@example.com`)).toBeNull();
  });
});

describe('password', () => {
  it.each([
    ['', 'validation.required'],
    ['abc1', 'validation.passwordMin'],
    ['abcdefgh', 'validation.passwordChars'],
    ['12345678', 'validation.passwordChars'],
    ['abcd\u0000efg1', 'validation.generic'],
    [`a1${'x'.repeat(127)}`, 'validation.generic'],
  ])('%j → %s', (password, key) => {
    expect(messageOf(PasswordSchema, password)).toBe(key);
  });
  it('accepts letters plus another character and normalises to NFC', () => {
    expect(messageOf(PasswordSchema, 'senha-forte')).toBeNull();
    expect(outputOf(PasswordSchema, 'cafe\u0301 123')).toBe('café 123');
  });
});

describe('codes', () => {
  it('missing → codeFirst; not six digits → code', () => {
    expect(messageOf(CodeSchema, undefined)).toBe('validation.codeFirst');
    expect(messageOf(CodeSchema, '12345')).toBe('validation.code');
    expect(messageOf(CodeSchema, 123456)).toBe('validation.code');
    expect(messageOf(CodeSchema, '012345')).toBeNull();
  });
});

describe('register body', () => {
  const valid = {
    gender: 'female',
    marital_status: 'single',
    name: 'Maria Silva',
    username: '+5511987654321',
    phone_verification_token: 'tok',
    email: 'maria@example.com',
    password: 'senha123',
    password_confirmation: 'senha123',
    adult: true,
    terms: true,
  };
  const schema = createRegisterSchema({ cpfRequired: false, captchaRequired: false });
  it('accepts a complete body', () => {
    expect(errorsOf(schema, valid)).toEqual({});
  });
  it('names every missing field with its own key', () => {
    expect(errorsOf(createRegisterSchema({ cpfRequired: true, captchaRequired: true }), {})).toEqual({
      gender: 'validation.required',
      marital_status: 'validation.required',
      name: 'validation.required',
      username: 'validation.required',
      phone_verification_token: 'validation.codeFirst',
      email: 'validation.required',
      password: 'validation.required',
      password_confirmation: 'validation.required',
      cpf: 'validation.required',
      adult: 'validation.adult',
      terms: 'validation.terms',
      captcha_token: 'validation.captcha',
    });
  });
  it('checks confirmation, checkboxes, picklists and the optional CPF when given', () => {
    expect(errorsOf(schema, { ...valid, password_confirmation: 'senha124' })).toEqual({ password_confirmation: 'validation.passwordConfirm' });
    expect(errorsOf(schema, { ...valid, adult: 'true', terms: 1 })).toEqual({ adult: 'validation.adult', terms: 'validation.terms' });
    expect(errorsOf(schema, { ...valid, gender: 'other', marital_status: 'widowed', language: 'es' })).toEqual({
      gender: 'validation.generic',
      marital_status: 'validation.generic',
      language: 'validation.generic',
    });
    expect(errorsOf(schema, { ...valid, cpf: '123' })).toEqual({ cpf: 'validation.cpf' });
    expect(errorsOf(schema, { ...valid, cpf: '' })).toEqual({});
  });
  it('refuses a body that is not an object', () => {
    expect(errorsOf(schema, [valid])).toEqual({ body: 'validation.generic' });
    expect(errorsOf(schema, 'x')).toEqual({ body: 'validation.generic' });
  });
});

describe('other bodies', () => {
  it('login requires cpf/email only when the tenant does', () => {
    const base = { username: '+5511987654321', password: 'x' };
    expect(errorsOf(createLoginSchema({ cpfRequired: false, emailRequired: false, captchaRequired: false }), base)).toEqual({});
    expect(errorsOf(createLoginSchema({ cpfRequired: true, emailRequired: true, captchaRequired: false }), base)).toEqual({
      cpf: 'validation.required',
      email: 'validation.required',
    });
  });
  it('password change mismatch → passwordMismatch', () => {
    expect(errorsOf(PasswordChangeSchema, { current_password: 'old', password: 'senha123', password_confirmation: 'senha321' })).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
  });
  it('recovery needs a username or an e-mail', () => {
    expect(errorsOf(RecoverPasswordSchema, {})).toEqual({ username: 'validation.required' });
    expect(errorsOf(RecoverPasswordSchema, { email: 'a@example.com' })).toEqual({});
  });
  it('birth date must be a real day and 18+', () => {
    expect(errorsOf(UpdateUserSchema, { birth_date: '2001-02-29' })).toEqual({ birth_date: 'validation.generic' });
    expect(errorsOf(UpdateUserSchema, { birth_date: `${new Date().getUTCFullYear() - 10}-01-01` })).toEqual({ birth_date: 'validation.adult' });
    expect(errorsOf(UpdateUserSchema, { birth_date: '1990-05-17' })).toEqual({});
  });
  it('self-exclusion: 1 day to 5 years, units picklist', () => {
    expect(errorsOf(SelfExclusionSchema, { value: 6, date: 'months' })).toEqual({});
    expect(errorsOf(SelfExclusionSchema, { value: 61, date: 'months' })).toEqual({ value: 'validation.generic' });
    expect(errorsOf(SelfExclusionSchema, { value: 0, date: 'days' })).toEqual({ value: 'validation.generic' });
    expect(errorsOf(SelfExclusionSchema, { value: 1.5, date: 'days' })).toEqual({ value: 'validation.generic' });
    expect(errorsOf(SelfExclusionSchema, { value: 1, date: 'forever' })).toEqual({ date: 'validation.generic' });
    expect(errorsOf(SelfExclusionSchema, {})).toEqual({ value: 'validation.required', date: 'validation.required' });
  });
  it('self-exclusion end follows the calendar', () => {
    const start = new Date('2025-01-31T12:00:00Z');
    expect(selfExclusionEnd(start, 1, 'months').toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(selfExclusionEnd(start, 2, 'weeks').toISOString()).toBe('2025-02-14T12:00:00.000Z');
    expect(selfExclusionEnd(start, 5, 'years').toISOString()).toBe('2030-01-31T12:00:00.000Z');
  });
  it('profile show takes a positive integer id', () => {
    expect(errorsOf(ShowProfileSchema, { user_id: '12' })).toEqual({});
    expect(errorsOf(ShowProfileSchema, { user_id: -1 })).toEqual({ user_id: 'validation.generic' });
    expect(errorsOf(ShowProfileSchema, {})).toEqual({ user_id: 'validation.required' });
  });
});
