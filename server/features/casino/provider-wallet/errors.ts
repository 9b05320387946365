import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../../http/errors.ts';
import type { LocalizedText } from '../../../http/messages.ts';

const refusal = (status: ContentfulStatusCode, pt: string, en: string): { status: ContentfulStatusCode; message: LocalizedText } => ({ status, message: { pt, en } });

/**
 * The seamless wallet's protocol errors: the HTTP status and a stable
 * `error` code in the body (`{ message, error }`), which is what an
 * aggregator's adapter maps to its own codes (docs/casino.md, "Aggregators").
 */
const PROVIDER_ERRORS = {
  invalid_signature: refusal(401, 'Assinatura inválida.', 'Invalid signature.'),
  player_not_found: refusal(404, 'Jogador não encontrado.', 'Player not found.'),
  bet_not_found: refusal(404, 'Aposta não encontrada.', 'Bet not found.'),
  transaction_not_found: refusal(404, 'Transação não encontrada.', 'Transaction not found.'),
  betting_suspended: refusal(403, 'Apostas suspensas: plataforma em manutenção.', 'Betting suspended: platform under maintenance.'),
  player_self_excluded: refusal(403, 'Jogador autoexcluído: apostas recusadas.', 'Player self-excluded: bets refused.'),
  player_blocked: refusal(403, 'Jogador bloqueado pelo operador: apostas recusadas.', 'Player blocked by the operator: bets refused.'),
  round_settled: refusal(409, 'Rodada já encerrada.', 'Round already settled.'),
  round_conflict: refusal(409, 'Rodada de outro jogador.', 'Round of another player.'),
  reference_conflict: refusal(409, 'Transação já usada com outro valor ou jogador.', 'Transaction id already used with another amount or player.'),
  insufficient_funds: refusal(422, 'Saldo insuficiente.', 'Insufficient funds.'),
};

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
