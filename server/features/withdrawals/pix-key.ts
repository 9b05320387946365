import { isValidPhoneNumber } from 'libphonenumber-js';
import type { LocalizedText } from '../../http/messages.ts';
import { cpfDigits, isValidCpf } from '../../../src/contract/validation/cpf.ts';
import { normalizeEmail } from '../../../src/contract/validation/email.ts';
import { hasForbiddenCharacters } from '../../../src/contract/validation/text.ts';
import type { PixKeyType } from '../../../src/contract/wallet.ts';
import { WITHDRAWAL_MESSAGES } from './messages.ts';

/** The DICT's limit for e-mail keys. */
export const EMAIL_KEY_MAX = 77;

/** Brazilian mobile: optional +55, a two-digit area code without zeros, then 9 and eight digits. */
const MOBILE = /^(?:\+?55)?([1-9]{2})(9\d{8})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PixKeyResult = { ok: true; key: string } | { ok: false; message: LocalizedText };

const INVALID: Record<PixKeyType, LocalizedText> = {
  cpf: WITHDRAWAL_MESSAGES.cpfKeyInvalid,
  phone: WITHDRAWAL_MESSAGES.phoneKeyInvalid,
  email: WITHDRAWAL_MESSAGES.emailKeyInvalid,
  random: WITHDRAWAL_MESSAGES.randomKeyInvalid,
};

function normalise(type: PixKeyType, input: string): string | null {
  switch (type) {
    case 'cpf': {
      if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(input)) return null;
      const digits = cpfDigits(input);
      return isValidCpf(digits) ? digits : null;
    }
    case 'phone': {
      // Formatting people type ("(11) 98765-4321", "+55 11 98765 4321") goes; anything else stays and fails.
      const match = MOBILE.exec(input.replace(/[\s().-]/g, ''));
      if (!match) return null;
      const e164 = `+55${match[1]}${match[2]}`;
      return isValidPhoneNumber(e164) ? e164 : null;
    }
    case 'email': {
      const email = normalizeEmail(input);
      return email && email.length <= EMAIL_KEY_MAX ? email : null;
    }
    case 'random':
      return UUID.test(input) ? input.toLowerCase() : null;
  }
}

/**
 * The key in the form the DICT stores it, by type: CPF → 11 digits (the
 * printed mask is accepted), phone → `+55DDD9XXXXXXXX` (Brazilian mobiles
 * only), e-mail → lower case with an ASCII domain, ≤ 77 characters, random
 * key (EVP) → lower-case UUID. Otherwise the type's refusal text.
 */
export function normalisePixKey(type: PixKeyType, raw: string): PixKeyResult {
  const input = raw.trim();
  const key = input.length === 0 || input.length > 120 || hasForbiddenCharacters(input) ? null : normalise(type, input);
  return key === null ? { ok: false, message: INVALID[type] } : { ok: true, key };
}
