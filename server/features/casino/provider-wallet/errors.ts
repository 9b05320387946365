import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../../http/errors.ts';
import type { LocalizedText } from '../../../http/messages.ts';

/**
 * The seamless wallet's protocol errors: the HTTP status and a stable
 * `error` code in the body (`{ message, error }`), which is what an
 * aggregator's adapter maps to its own codes (docs/casino.md, "Aggregators").
 */
export const PROVIDER_ERRORS = {
  invalid_signature: {
    status: 401,
    message: { pt: 'Assinatura inválida.', en: 'Invalid signature.' },
  },
  player_not_found: {
    status: 404,
    message: { pt: 'Jogador não encontrado.', en: 'Player not found.' },
  },
  bet_not_found: {
    status: 404,
    message: { pt: 'Aposta não encontrada.', en: 'Bet not found.' },
  },
  transaction_not_found: {
    status: 404,
    message: { pt: 'Transação não encontrada.', en: 'Transaction not found.' },
  },
  betting_suspended: {
    status: 403,
    message: {
      pt: 'Apostas suspensas: plataforma em manutenção.',
      en: 'Betting suspended: platform under maintenance.',
    },
  },
  player_self_excluded: {
    status: 403,
    message: {
      pt: 'Jogador autoexcluído: apostas recusadas.',
      en: 'Player self-excluded: bets refused.',
    },
  },
  round_settled: {
    status: 409,
    message: { pt: 'Rodada já encerrada.', en: 'Round already settled.' },
  },
  round_conflict: {
    status: 409,
    message: { pt: 'Rodada de outro jogador.', en: 'Round of another player.' },
  },
  reference_conflict: {
    status: 409,
    message: {
      pt: 'Transação já usada com outro valor ou jogador.',
      en: 'Transaction id already used with another amount or player.',
    },
  },
  insufficient_funds: {
    status: 422,
    message: { pt: 'Saldo insuficiente.', en: 'Insufficient funds.' },
  },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: LocalizedText }>;

export type ProviderErrorCode = keyof typeof PROVIDER_ERRORS;

/** A refusal of the seamless wallet: nothing moved; the body names the protocol `error` code. */
export class ProviderError extends DomainError {
  constructor(code: ProviderErrorCode) {
    const known = PROVIDER_ERRORS[code];
    super(code, known.status, undefined, {
      message: known.message,
      details: { error: code },
    });
    this.name = 'ProviderError';
  }
}

/** Codes of errors thrown below the wallet (ledger, tenant) that the protocol names otherwise. */
const ALIASES: Record<string, ProviderErrorCode> = {
  wallet_not_found: 'player_not_found',
};

/**
 * Any domain error a wallet call raised (the ledger's 422/409, a 401 of the
 * signature check…) as the protocol's error, so every refusal an aggregator
 * reads carries an `error` code. Other errors pass unchanged.
 */
export function toProviderError(error: unknown): unknown {
  if (!(error instanceof DomainError) || error instanceof ProviderError) return error;
  const code = ALIASES[error.code] ?? error.code;
  if (code in PROVIDER_ERRORS) return new ProviderError(code as ProviderErrorCode);
  return error;
}
