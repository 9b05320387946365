import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PixKeyType } from '../../contract/wallet.ts';
import { cpfDigits, isValidCpf } from '../../contract/validation/cpf.ts';
import { normalizeEmail } from '../../contract/validation/email.ts';
import { phoneErrorKey } from '../../contract/validation/phone.ts';
import { keyMessage, type Message } from '../auth/message.ts';

/**
 * Client-side format check of a Pix key before `POST /wallet/withdraw/method`,
 * mirroring the platform's rules so the player hears about a typo at once.
 * The platform still decides (ownership: a CPF key must be the player's own,
 * and the PSP's key lookup must return the player's CPF).
 *
 * The normalised forms are the contract's (`WithdrawMethodView.key`): CPF 11
 * digits, phone E.164 `+55…`, e-mail lower case, random key lower-case UUID.
 */
export type PixKeyCheck = { ok: true; key: string } | { ok: false; message: Message };

/** Longest e-mail a DICT key may be (BCB DICT manual). */
export const PIX_EMAIL_KEY_MAX = 77;

const CPF_INPUT = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;
const CPF_MASK = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (type: PixKeyType): PixKeyCheck => ({ ok: false, message: keyMessage(`wallet.pixKey.invalid.${type}`) });

function checkPhone(input: string): PixKeyCheck {
  // A CPF typed in its printed mask under "Telefone" is a mistake, not a phone.
  if (CPF_MASK.test(input) || phoneErrorKey(input, 'BR') !== null) return fail('phone');
  const parsed = parsePhoneNumberFromString(input, 'BR');
  // Pix phone keys are Brazilian numbers only.
  if (!parsed || parsed.countryCallingCode !== '55') return fail('phone');
  return { ok: true, key: parsed.number };
}

/** The key of `type` in its normalised form, or why it cannot be one (`validation.required` when empty). */
export function checkPixKey(type: PixKeyType, input: string): PixKeyCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: keyMessage('validation.required') };
  switch (type) {
    case 'cpf': {
      const digits = cpfDigits(text);
      return CPF_INPUT.test(text) && isValidCpf(digits) ? { ok: true, key: digits } : fail('cpf');
    }
    case 'phone':
      return checkPhone(text);
    case 'email': {
      const email = text.length <= PIX_EMAIL_KEY_MAX ? normalizeEmail(text) : null;
      return email ? { ok: true, key: email } : fail('email');
    }
    case 'random':
      return UUID.test(text) ? { ok: true, key: text.toLowerCase() } : fail('random');
  }
}

/**
 * How a registered key is shown back to its owner: a CPF printed whole
 * (`529.982.247-25`: the player must recognise the key money goes to), a
 * phone as `+55 11 98765 4321`, others as stored.
 */
export function displayPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf' && /^\d{11}$/.test(key)) return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  if (type === 'phone') return parsePhoneNumberFromString(key)?.formatInternational() ?? key;
  return key;
}
