import * as v from 'valibot';
import { centavosToDecimal } from '../../../../src/contract/money.ts';
import type { Logger } from '../../../logger.ts';
import { type CreatePayoutInput, type Payout, PayoutRefusedError, type PayoutStatus, type PixKeyKind, type PixKeyOwner } from '../psp.ts';
import { readAnswer } from './api-client.ts';
import { assertCentavos } from './charges.ts';
import { isRefusedPspError } from './errors.ts';

/*
 * Key lookup (DICT) and payouts are not part of the standard's receiving API;
 * this is the common PSP extension documented in ./README.md:
 * `GET /dict/{chave}` and `PUT|GET /pagamentos/{idEnvio}`.
 */

/** The DICT's key types (and the names PSPs also use) → the platform's. CNPJ keys have no platform kind. */
const KEY_KINDS: Record<string, PixKeyKind> = {
  CPF: 'cpf',
  PHONE: 'phone',
  TELEFONE: 'phone',
  CELULAR: 'phone',
  EMAIL: 'email',
  EVP: 'random',
  ALEATORIA: 'random',
};

const DictAnswer = v.looseObject({
  chave: v.optional(v.string()),
  tipoChave: v.optional(v.string()),
  titular: v.looseObject({ cpf: v.optional(v.string()), cnpj: v.optional(v.string()), nome: v.optional(v.string()) }),
});

/**
 * `{ chave, tipoChave, titular: { cpf? | cnpj?, nome } }` → PixKeyOwner.
 * `ownerCpf` is the titular's CPF only when the PSP gives all 11 digits: a
 * masked CPF (`***.456.789-**`) or a company cannot prove ownership, so they
 * come back as null and the platform refuses the key.
 */
export function toKeyOwner(data: unknown, key: string, type: PixKeyKind, operation: string): PixKeyOwner {
  const answer = readAnswer(DictAnswer, data, operation);
  const digits = answer.titular.cpf?.replace(/[.\-\s]/g, '');
  return {
    key: answer.chave ?? key,
    type: KEY_KINDS[(answer.tipoChave ?? '').toUpperCase()] ?? type,
    ownerCpf: digits !== undefined && /^\d{11}$/.test(digits) ? digits : null,
    ownerName: answer.titular.nome ?? '',
  };
}

/** Checks the payout id the way the PSP will (`idEnvio`: 1 to 35 letters or digits). @throws RangeError */
export function assertPayoutId(id: string): void {
  if (!/^[A-Za-z0-9]{1,35}$/.test(id)) throw new RangeError('payout id must be 1 to 35 letters or digits');
}

/** `PUT /pagamentos/{idEnvio}` body: the amount, the receiving key and whose account it must be. */
export function pagamentoBody(input: CreatePayoutInput): Record<string, unknown> {
  assertPayoutId(input.id);
  assertCentavos(input.amountCentavos);
  if (!/^\d{11}$/.test(input.recipientCpf)) throw new RangeError('recipientCpf must be 11 digits');
  if (input.key === '') throw new RangeError('key must not be empty');
  return {
    valor: centavosToDecimal(input.amountCentavos),
    chave: input.key,
    favorecido: { cpf: input.recipientCpf },
    descricao: Array.from(input.description).slice(0, 140).join(''),
  };
}

/*
 * PSPs name payout states differently. Only a word that certainly means
 * paid or certainly means not made is final; anything else stays
 * EM_PROCESSAMENTO, since a wrong final status either releases funds that
 * were paid or marks paid a payout that failed. The webhook settles it.
 */
const PAID = new Set(['REALIZADO', 'CONCLUIDO', 'CONCLUIDA', 'LIQUIDADO', 'EFETIVADO']);
const NOT_MADE = new Set(['NAO_REALIZADO', 'REJEITADO', 'CANCELADO', 'FALHA', 'ERRO', 'DEVOLVIDO']);

/** The PSP's payout status → PayoutStatus; unknown words are EM_PROCESSAMENTO (and logged). */
export function toPayoutStatus(status: string, log?: Pick<Logger, 'warn'>): PayoutStatus {
  const word = status.toUpperCase();
  if (PAID.has(word)) return 'REALIZADO';
  if (NOT_MADE.has(word)) return 'NAO_REALIZADO';
  if (word !== 'EM_PROCESSAMENTO') log?.warn(`pix psp: unknown payout status ${JSON.stringify(status)}, treated as EM_PROCESSAMENTO`);
  return 'EM_PROCESSAMENTO';
}

const PagamentoAnswer = v.looseObject({
  idEnvio: v.string(),
  status: v.string(),
  endToEndId: v.optional(v.nullable(v.string())),
  motivo: v.optional(v.nullable(v.string())),
});

/** `{ idEnvio, status, endToEndId?, motivo? }` → Payout. @throws PspError `invalid_answer` */
export function toPayout(data: unknown, operation: string, log?: Pick<Logger, 'warn'>): Payout {
  const answer = readAnswer(PagamentoAnswer, data, operation);
  return {
    id: answer.idEnvio,
    status: toPayoutStatus(answer.status, log),
    ...(answer.endToEndId ? { endToEndId: answer.endToEndId } : {}),
    ...(answer.motivo ? { reason: answer.motivo } : {}),
  };
}

/**
 * What the withdrawal worker must know of a failed `PUT /pagamentos`: a
 * refusal the PSP pins on the key (a 4xx whose violations name `chave`, or a
 * 404 — no such key) becomes PayoutRefusedError 'invalid_key' (status 3,
 * funds back); any other 4xx refusal PayoutRefusedError 'other'. Transient
 * failures pass unchanged: the worker retries them with the same idEnvio.
 */
export function asPayoutRefusal(error: unknown): unknown {
  if (!isRefusedPspError(error)) return error;
  const aboutKey = error.status === 404 || error.violations.some((v) => /chave/i.test(v.propriedade ?? ''));
  return new PayoutRefusedError(aboutKey ? 'invalid_key' : 'other', error.message, { cause: error });
}
