import type { ContentfulStatusCode } from 'hono/utils/http-status';

const refusal = (status: ContentfulStatusCode, pt: string, en: string) => ({ status, pt, en });

/**
 * What the sandbox's game page is told when a round or a session is
 * refused: a status, a stable `error` code the page may branch on, and a
 * message in the session's language (the page shows it as is).
 */
const SANDBOX_REFUSALS = {
  session_invalid: refusal(401, 'Sessão de jogo inválida. Abra o jogo de novo.', 'Invalid game session. Open the game again.'),
  session_expired: refusal(401, 'Sua sessão de jogo expirou. Abra o jogo de novo.', 'Your game session has expired. Open the game again.'),
  invalid_stake: refusal(422, 'Valor de aposta fora dos limites do jogo.', 'Stake outside the game’s limits.'),
  invalid_params: refusal(422, 'Escolhas de aposta inválidas para este jogo.', 'Invalid bet choices for this game.'),
  insufficient_funds: refusal(422, 'Saldo insuficiente.', 'Insufficient balance.'),
  betting_suspended: refusal(403, 'Apostas suspensas: a plataforma está em manutenção.', 'Betting is suspended: the platform is under maintenance.'),
  player_self_excluded: refusal(403, 'Você está autoexcluído: apostas recusadas.', 'You are self-excluded: bets are refused.'),
  wallet_refused: refusal(502, 'A carteira recusou a jogada.', 'The wallet refused the play.'),
  body_too_large: refusal(413, 'Pedido grande demais.', 'Request too large.'),
  not_found: refusal(404, 'Arquivo não encontrado.', 'File not found.'),
  wallet_unavailable: refusal(503, 'O jogo não conseguiu falar com a carteira. Tente de novo.', 'The game could not reach the wallet. Try again.'),
} as const;

export type SandboxRefusalCode = keyof typeof SANDBOX_REFUSALS;

/** A refused call of the game page: answered `{ error, message }` with its status; nothing moved. */
export class SandboxRefusal extends Error {
  readonly code: SandboxRefusalCode | string;
  readonly status: ContentfulStatusCode;
  /** Both languages of the message. */
  readonly texts: { pt: string; en: string };
  constructor(code: SandboxRefusalCode, override?: { code: string; status: ContentfulStatusCode; texts: { pt: string; en: string } }) {
    const known = SANDBOX_REFUSALS[code];
    super(code);
    this.name = 'SandboxRefusal';
    this.code = override?.code ?? code;
    this.status = override?.status ?? known.status;
    this.texts = override?.texts ?? { pt: known.pt, en: known.en };
  }

  body(locale: 'pt' | 'en'): { error: string; message: string } {
    return { error: this.code, message: this.texts[locale] };
  }
}

/** True when `code` is one of the refusals the page is told about by name. */
export function isSandboxRefusalCode(code: string): code is SandboxRefusalCode {
  return code in SANDBOX_REFUSALS;
}
