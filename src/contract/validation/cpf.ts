import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { isPresent } from './text.ts';

/** Exactly 11 digits, or the usual printed form `000.000.000-00`. */
const CPF_INPUT = /^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/;

/**
 * The section 5 CPF rule on a string of digits: exactly 11 digits, not all
 * the same digit, both check digits correct (modulus 11).
 */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (n[i] ?? 0) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === n[9] && check(10) === n[10];
}

/**
 * The CPF as stored: its 11 digits. Accepts the plain digits or the printed
 * mask `000.000.000-00` (nothing else), so a site input mask does not break it.
 */
export function cpfDigits(input: string): string {
  return input.replace(/[.-]/g, '');
}

/** `***.456.789-**`: the middle six digits only, as shown back to the player. */
export function maskCpf(digits: string): string {
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** A CPF field: missing → required; anything not a valid CPF → `validation.cpf`; output: 11 digits. */
export const CpfSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(VALIDATION_KEYS.cpf),
    v.transform((s: string) => s.trim()),
    v.regex(CPF_INPUT, VALIDATION_KEYS.cpf),
    v.transform(cpfDigits),
    v.check(isValidCpf, VALIDATION_KEYS.cpf),
  ),
  { abortPipeEarly: true },
);
