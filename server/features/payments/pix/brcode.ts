import { centavosToDecimal } from '../../../../src/contract/money.ts';

/**
 * Pix BR Code ("copia e cola") payloads: the EMV QRCPS-MPM TLV layout as
 * Banco Central's Pix manual profiles it. Each field is a 2-digit ID, a
 * 2-digit length (in characters, every value being printable ASCII) and the
 * value; the last field is 63, the CRC16/CCITT-FALSE of everything before it
 * including "6304".
 */

/** Globally unique identifier of the Pix arrangement inside field 26. */
export const PIX_GUI = 'br.gov.bcb.pix';

interface CommonInput {
  /** Receiver's name, folded to ASCII and cut to 25 characters. */
  merchantName: string;
  /** Receiver's city, folded to ASCII and cut to 15 characters. */
  merchantCity: string;
  /** Amount in integer centavos (field 54, two decimals); omitted lets the payer type it (static only). */
  amountCentavos?: number | bigint;
}

/** A static payload carrying the receiver's Pix key. */
export interface StaticBrCodeInput extends CommonInput {
  kind: 'static';
  /** Pix key (CPF/CNPJ digits, +55 phone, e-mail or random EVP), ≤ 77 characters. */
  key: string;
  /** Free text shown to the payer (26-02); ≤ 72 characters and within field 26's 99. */
  description?: string;
  /** Conciliation id (62-05): up to 25 letters/digits; default `***` (none). */
  txid?: string;
  /** Point of initiation 12 (usable once) instead of reusable. */
  once?: boolean;
}

/** A dynamic payload pointing at the PSP's payload location (cob `location`), as issued for a charge. */
export interface DynamicBrCodeInput extends CommonInput {
  kind: 'dynamic';
  /** The charge's `location`: host and path without the scheme (a leading `https://` is dropped), ≤ 77 characters. */
  url: string;
}

export type BrCodeInput = StaticBrCodeInput | DynamicBrCodeInput;

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the ASCII text, as 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Letters without accents (São → Sao, Ç → C), other non-printable-ASCII as spaces, spaces collapsed, cut to `max`. */
export function foldAscii(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const PRINTABLE = /^[\x20-\x7e]+$/;

function tlv(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) throw new RangeError(`BR Code field ${id} must be 1 to 99 characters`);
  if (!PRINTABLE.test(value)) throw new RangeError(`BR Code field ${id} must be printable ASCII`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function amountField(centavos: number | bigint): string {
  if (typeof centavos === 'number' && !Number.isSafeInteger(centavos)) throw new RangeError('amount must be whole centavos');
  if (BigInt(centavos) <= 0n) throw new RangeError('amount must be positive');
  const text = centavosToDecimal(centavos);
  if (text.length > 13) throw new RangeError('amount does not fit field 54 (13 characters)');
  return tlv('54', text);
}

/**
 * The "copia e cola" text for `input`. Static: 01 absent (reusable) or "12"
 * (`once`), 26 = GUI + key (+ description), 62-05 = txid or `***`. Dynamic:
 * 01 = "12", 26 = GUI + URL (25), 62-05 = `***` (the txid lives in the
 * payload the URL serves).
 * @throws RangeError when a value does not fit its field.
 */
export function buildBrCode(input: BrCodeInput): string {
  const name = foldAscii(input.merchantName, 25);
  const city = foldAscii(input.merchantCity, 15);
  if (!name || !city) throw new RangeError('merchant name and city are required');
  let account: string;
  let txid = '***';
  let initiation: string | null = '12';
  if (input.kind === 'static') {
    const key = input.key.trim();
    if (key.length > 77) throw new RangeError('Pix key is longer than 77 characters');
    account = tlv('00', PIX_GUI) + tlv('01', key) + (input.description ? tlv('02', foldAscii(input.description, 72)) : '');
    if (input.txid !== undefined) {
      if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new RangeError('static txid must be 1 to 25 letters or digits');
      txid = input.txid;
    }
    initiation = input.once ? '12' : null;
  } else {
    const url = input.url.trim().replace(/^https:\/\//i, '');
    if (!url || url.length > 77 || /^[a-z]+:\/\//i.test(url)) throw new RangeError('dynamic URL must be host/path without scheme, ≤ 77 characters');
    account = tlv('00', PIX_GUI) + tlv('25', url);
  }
  const body =
    tlv('00', '01') +
    (initiation ? tlv('01', initiation) : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amountCentavos !== undefined ? amountField(input.amountCentavos) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', txid));
  const signed = `${body}6304`;
  return signed + crc16CcittFalse(signed);
}

/** Top-level TLV fields in order; throws on a truncated or malformed field. */
export function parseTlv(text: string): Array<{ id: string; value: string }> {
  const fields: Array<{ id: string; value: string }> = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(length)) throw new SyntaxError(`malformed TLV at ${at}`);
    const end = at + 4 + Number(length);
    if (end > text.length) throw new SyntaxError(`field ${id} runs past the end`);
    fields.push({ id, value: text.slice(at + 4, end) });
    at = end;
  }
  return fields;
}

export interface ParsedBrCode {
  /** `static` when 26 carries a key (01), `dynamic` when it carries a URL (25). */
  kind: 'static' | 'dynamic';
  /** Field 01: '11' reusable, '12' once; null when absent. */
  pointOfInitiation: string | null;
  key: string | null;
  url: string | null;
  description: string | null;
  merchantCategoryCode: string;
  currency: string;
  /** Field 54 as written (e.g. "50.00"), and in centavos. */
  amount: string | null;
  amountCentavos: number | null;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
  crc: string;
  /** Every top-level field, also those this parser does not interpret (e.g. 80 recurrence templates). */
  fields: Array<{ id: string; value: string }>;
}

/**
 * Reads a BR Code and checks its CRC (used by our own tests and by the
 * sandbox to read back what it issued).
 * @throws SyntaxError on malformed TLV, a missing or wrong CRC, or a payload that is not Pix.
 */
export function parseBrCode(code: string): ParsedBrCode {
  const fields = parseTlv(code);
  const last = fields.at(-1);
  if (!last || last.id !== '63' || last.value.length !== 4) throw new SyntaxError('BR Code must end with the CRC field 63');
  const expected = crc16CcittFalse(code.slice(0, -4));
  if (expected !== last.value.toUpperCase()) throw new SyntaxError(`CRC mismatch: expected ${expected}, found ${last.value}`);
  const get = (id: string) => fields.find((f) => f.id === id)?.value ?? null;
  if (get('00') !== '01') throw new SyntaxError('payload format indicator must be 01');
  const account = fields.find((f) => /^(2[6-9]|[3-4]\d|5[01])$/.test(f.id) && parseTlv(f.value).some((s) => s.id === '00' && s.value.toLowerCase() === PIX_GUI));
  if (!account) throw new SyntaxError('no Pix merchant account information (GUI br.gov.bcb.pix)');
  const sub = parseTlv(account.value);
  const subGet = (id: string) => sub.find((f) => f.id === id)?.value ?? null;
  const key = subGet('01');
  const url = subGet('25');
  if (!key && !url) throw new SyntaxError('Pix account information has neither key nor URL');
  const additional = get('62');
  const txid = additional ? (parseTlv(additional).find((f) => f.id === '05')?.value ?? null) : null;
  const amount = get('54');
  if (amount !== null && !/^\d{1,10}(\.\d{1,2})?$/.test(amount)) throw new SyntaxError('malformed amount');
  const [whole = '0', cents = ''] = amount?.split('.') ?? [];
  const required = (id: string) => {
    const value = get(id);
    if (value === null) throw new SyntaxError(`missing field ${id}`);
    return value;
  };
  return {
    kind: key ? 'static' : 'dynamic',
    pointOfInitiation: get('01'),
    key,
    url,
    description: subGet('02'),
    merchantCategoryCode: required('52'),
    currency: required('53'),
    amount,
    amountCentavos: amount === null ? null : Number(whole) * 100 + Number(cents.padEnd(2, '0')),
    country: required('58'),
    merchantName: required('59'),
    merchantCity: required('60'),
    txid,
    crc: last.value,
    fields,
  };
}
