import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';

const refusal = (code: number, status: ContentfulStatusCode, pt: string, en: string) => ({ code, status, message: { pt, en } as LocalizedText });

/**
 * The provider's wallet error codes (BetBy's numbering, docs/sportsbook.md):
 * a refusal answers `{ code, message, error }` with HTTP 400 (401 for a
 * token that does not verify), and nothing moved.
 */
export const SPORTS_ERRORS = {
  player_blocked: refusal(1005, 400, 'Jogador bloqueado: apostas recusadas.', 'Player blocked: bets refused.'),
  player_not_found: refusal(1006, 400, 'Jogador não encontrado.', 'Player not found.'),
  session_expired: refusal(1007, 400, 'Sessão expirada.', 'Session expired.'),
  not_enough_money: refusal(2001, 400, 'Saldo insuficiente.', 'Not enough money.'),
  invalid_currency: refusal(2002, 400, 'Moeda inválida: só BRL.', 'Invalid currency: BRL only.'),
  parent_transaction_not_found: refusal(2003, 400, 'Transação de origem não encontrada.', 'Parent transaction not found.'),
  bad_request: refusal(2004, 400, 'Requisição inválida.', 'Bad request.'),
  invalid_token: refusal(2005, 401, 'Token JWT inválido.', 'Invalid JWT token.'),
  bonus_not_found: refusal(3001, 400, 'Bônus não encontrado: este site não tem bônus de apostas esportivas.', 'Bonus not found: this site has no sportsbook bonuses.'),
  limits_exceeded: refusal(4001, 400, 'Limites do jogador excedidos.', 'Player limits exceeded.'),
} as const;

export type SportsErrorName = keyof typeof SPORTS_ERRORS;

/** A refusal of the sportsbook wallet: the provider's numeric `code`, our `error` name, a message in the caller's language. */
export class SportsError extends DomainError {
  constructor(error: SportsErrorName, reason?: LocalizedText) {
    const known = SPORTS_ERRORS[error];
    const message = reason ? { pt: `${known.message.pt} ${reason.pt}`, en: `${known.message.en} ${reason.en}` } : known.message;
    super(error, known.status, undefined, { message, details: { code: known.code, error } });
    this.name = 'SportsError';
  }
}

/** Reasons given with `bad_request`, so the provider's logs say what was wrong. */
export const REASONS = {
  betslipTaken: { pt: 'O bilhete já foi feito com outra transação.', en: 'The betslip was already made by another transaction.' },
  rolledBack: { pt: 'A aposta foi revertida.', en: 'The bet was rolled back.' },
  discarded: { pt: 'A aposta foi descartada antes de chegar.', en: 'The bet was discarded before it arrived.' },
  settled: { pt: 'O bilhete já foi liquidado de outra forma.', en: 'The betslip was already settled otherwise.' },
  alreadyRolledBack: { pt: 'A transação já foi revertida.', en: 'The transaction was already rolled back.' },
  refundTooLarge: { pt: 'O reembolso passa da aposta.', en: 'The refund exceeds the stake.' },
  wrongBrand: { pt: 'Marca ou operador de outro site.', en: 'Brand or operator of another site.' },
  replayedToken: { pt: 'Token já usado.', en: 'Token already used.' },
  reused: { pt: 'Id de transação já usado com outro valor ou jogador.', en: 'Transaction id already used with another amount or player.' },
  unavailable: { pt: 'Esportes indisponíveis neste site.', en: 'Sports unavailable on this site.' },
  maintenance: { pt: 'Plataforma em manutenção.', en: 'Platform under maintenance.' },
  noMoney: { pt: 'O resultado pede um crédito que não veio.', en: 'The result needs a credit that was not sent.' },
} satisfies Record<string, LocalizedText>;
