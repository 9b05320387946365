import * as v from 'valibot';
import { centavosToDecimal } from '../../../../src/contract/money.ts';
import type { CreateChargeInput, PixCharge, PixRefund } from '../psp.ts';
import { readAnswer } from './api-client.ts';
import { PspError } from './errors.ts';
import { decimalToCentavos } from './money.ts';

/*
 * The receiving side, exactly as Banco Central's standard defines it:
 * `PUT /cob/{txid}` (CobSolicitada → CobGerada), `GET /cob/{txid}`
 * (CobCompleta) and `PUT /pix/{e2eid}/devolucao/{id}` (DevolucaoSolicitada →
 * Devolucao).
 */

/** `CreateChargeInput` plus the payer's name, which the standard's `devedor` may carry. */
export interface BcbCreateChargeInput extends CreateChargeInput {
  /** `devedor.nome`; sent when given (the standard's PessoaFisica lists it, some PSPs insist on it). */
  payerName?: string;
}

/** Free texts the standard limits to 140 characters (`solicitacaoPagador`, devolução `descricao`). */
const clip = (text: string, max = 140): string => Array.from(text).slice(0, max).join('');

/** Checks what the caller promises, before anything leaves the platform. @throws RangeError */
export function assertCentavos(amountCentavos: number): void {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos <= 0) throw new RangeError('amount must be a positive whole number of centavos');
}

/** The standard's CobSolicitada for an immediate charge to `pixKey`. */
export function cobBody(input: BcbCreateChargeInput, pixKey: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9]{26,35}$/.test(input.txid)) throw new RangeError('txid must be 26 to 35 letters or digits');
  assertCentavos(input.amountCentavos);
  if (!Number.isSafeInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0) throw new RangeError('expiresInSeconds must be a positive whole number');
  if (!/^\d{11}$/.test(input.payerCpf)) throw new RangeError('payerCpf must be 11 digits');
  return {
    calendario: { expiracao: input.expiresInSeconds },
    devedor: { cpf: input.payerCpf, ...(input.payerName ? { nome: clip(input.payerName, 200) } : {}) },
    valor: { original: centavosToDecimal(input.amountCentavos) },
    chave: pixKey,
    solicitacaoPagador: clip(input.description),
  };
}

const dateTime = v.pipe(
  v.string(),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'must be a date-time'),
);
const seconds = v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]);

const CobAnswer = v.looseObject({
  txid: v.string(),
  status: v.picklist(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  calendario: v.looseObject({ criacao: v.optional(dateTime), expiracao: v.optional(seconds) }),
  location: v.optional(v.string()),
  loc: v.optional(v.looseObject({ location: v.optional(v.string()) })),
  pixCopiaECola: v.pipe(v.string(), v.minLength(1)),
  valor: v.optional(v.looseObject({ original: v.optional(v.string()) })),
});

/**
 * CobGerada / CobCompleta → PixCharge. `expiresAt` is `calendario.criacao +
 * calendario.expiracao` (the standard's default expiry is 86400 s); without
 * `criacao` the adapter's clock stands in.
 * @throws PspError `invalid_answer` when a field the platform needs is missing.
 */
export function toPixCharge(data: unknown, operation: string, now: () => Date): PixCharge {
  const cob = readAnswer(CobAnswer, data, operation);
  const location = cob.location ?? cob.loc?.location;
  if (!location) throw new PspError({ operation, status: null, type: 'invalid_answer', title: 'unexpected answer at location', detail: 'the charge has no location' });
  const createdAt = cob.calendario.criacao ? Date.parse(cob.calendario.criacao) : now().getTime();
  const expiresIn = cob.calendario.expiracao ?? 86_400;
  return { txid: cob.txid, status: cob.status, pixCopiaECola: cob.pixCopiaECola, location, expiresAt: new Date(createdAt + expiresIn * 1000) };
}

/** Refuses a created charge whose amount is not the one asked for: the player would pay something else. */
export function checkChargeAmount(data: unknown, amountCentavos: number, operation: string): void {
  const original = readAnswer(CobAnswer, data, operation).valor?.original;
  if (original === undefined) return;
  let answered: number | null;
  try {
    answered = decimalToCentavos(original);
  } catch {
    answered = null;
  }
  if (answered !== amountCentavos) {
    throw new PspError({
      operation,
      status: null,
      type: 'invalid_answer',
      title: 'the PSP created the charge with another amount',
      detail: `asked ${centavosToDecimal(amountCentavos)}, got ${original}`,
    });
  }
}

/** The standard's DevolucaoSolicitada: a refund of an ordinary Pix (`natureza` ORIGINAL, pacs.004 reason MD06). */
export function devolucaoBody(amountCentavos: number, reason: string): Record<string, unknown> {
  assertCentavos(amountCentavos);
  return { valor: centavosToDecimal(amountCentavos), natureza: 'ORIGINAL', descricao: clip(reason) };
}

const DevolucaoAnswer = v.looseObject({
  id: v.string(),
  status: v.picklist(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
});

/** Devolucao → PixRefund. @throws PspError `invalid_answer` */
export function toPixRefund(data: unknown, operation: string): PixRefund {
  const answer = readAnswer(DevolucaoAnswer, data, operation);
  return { id: answer.id, status: answer.status };
}
