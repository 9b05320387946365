import * as v from 'valibot';
import { body } from './validation/fields.ts';
import { VALIDATION_KEYS } from './validation/keys.ts';
import { hasForbiddenCharacters, isPresent, normalizeText } from './validation/text.ts';

/**
 * The player's postal address (issue 17): the shapes `/user/edit/personal-data`
 * and the platform share. Calls (player, under `/api`, bearer token,
 * `Cache-Control: no-store`):
 * - `GET /address` → `{ address: AddressView | null }`
 * - `POST /address/create {cep, street, number, complement?, district, city, state}` →
 *   `{ address: AddressView }`: creates or replaces the player's one address.
 * Proof of address (src/contract/documents.ts) is accepted only once it exists.
 */

/** The 27 federative units (26 states and the Federal District), as the Correios write them. */
export const UF_CODES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type UfCode = (typeof UF_CODES)[number];

/** Longest accepted text per field (checked before normalisation, so the work stays bounded). */
export const ADDRESS_MAX = { street: 120, number: 20, complement: 60, district: 80, city: 80 } as const;

/** The address fields in form order. */
export const ADDRESS_FIELDS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Message keys of the address rules (src/i18n `validation.address.*`), one per field, so each error says what that field takes. */
export const ADDRESS_KEYS = {
  cep: 'validation.address.cep',
  street: 'validation.address.street',
  number: 'validation.address.number',
  complement: 'validation.address.complement',
  district: 'validation.address.district',
  city: 'validation.address.city',
  state: 'validation.address.state',
} as const satisfies Record<AddressField, string>;

/** The 8 digits of a CEP typed as `01310100` or `01310-100` (spaces around it ignored), or null. */
export function cepDigits(input: string): string | null {
  const match = /^(\d{5})-?(\d{3})$/.exec(input.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/** `01310100` → `01310-100`, the way a CEP is written; other input unchanged. */
export function formatCep(digits: string): string {
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** A string field whose every failure but absence gives the field's own key. */
function text(key: string, max: number) {
  return v.pipe(
    v.string(key),
    v.maxLength(max, key),
    v.check((s: string) => !hasForbiddenCharacters(s), key),
    v.transform(normalizeText),
  );
}

function requiredAddressText(field: Exclude<AddressField, 'cep' | 'state' | 'complement'>) {
  return v.config(v.pipe(v.unknown(), v.check(isPresent, VALIDATION_KEYS.required), text(ADDRESS_KEYS[field], ADDRESS_MAX[field])), {
    abortPipeEarly: true,
  });
}

/** CEP: 8 digits, with or without the hyphen; stored as the 8 digits. */
export const CepSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(ADDRESS_KEYS.cep),
    v.maxLength(16, ADDRESS_KEYS.cep),
    v.check((s: string) => cepDigits(s) !== null, ADDRESS_KEYS.cep),
    v.transform((s: string) => cepDigits(s)!),
  ),
  { abortPipeEarly: true },
);

/** State: one of {@link UF_CODES}, any case. */
export const UfSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(ADDRESS_KEYS.state),
    v.maxLength(8, ADDRESS_KEYS.state),
    v.transform((s: string) => s.trim().toUpperCase()),
    v.picklist(UF_CODES, ADDRESS_KEYS.state),
  ),
  { abortPipeEarly: true },
);

/** Complement: optional; absent or blank gives null. */
const ComplementSchema = v.config(
  v.pipe(
    v.unknown(),
    v.transform((input): unknown => (isPresent(input) ? input : undefined)),
    v.optional(text(ADDRESS_KEYS.complement, ADDRESS_MAX.complement)),
    v.transform((s): string | null => s ?? null),
  ),
  { abortPipeEarly: true },
);

/**
 * `POST /address/create`: each field's failure is one message: missing →
 * `validation.required`; wrong, too long or holding a control/format
 * character → the field's `validation.address.*` key. Texts come out
 * trimmed and NFC-normalised, the CEP as 8 digits, the state in capitals.
 */
export const AddressSchema = body({
  cep: CepSchema,
  street: requiredAddressText('street'),
  number: requiredAddressText('number'),
  complement: ComplementSchema,
  district: requiredAddressText('district'),
  city: requiredAddressText('city'),
  state: UfSchema,
});
export type AddressInput = v.InferOutput<typeof AddressSchema>;

/** The address as the platform returns it. */
export interface AddressView {
  /** 8 digits. */
  cep: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  state: UfCode;
  updated_at: string;
}

/** `GET /address`. */
export interface AddressAnswer {
  address: AddressView | null;
}
